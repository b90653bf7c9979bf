import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { ListDetail } from './list-detail';

const LIST_ID = '01936f2e-8b9c-7d3a-9c1e-00000000b001';
const OWNER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function serve(hidden: boolean, isPublic = true) {
  const list = {
    id: LIST_ID,
    title: '秩父の駅めぐり',
    description: '',
    is_public: isPublic,
    user: { id: OWNER_ID, name: '駅太郎', avatar: null },
    item_count: 0,
    cover: null,
    ...(hidden ? { hidden: true } : {}),
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input).endsWith('/items')
        ? envelope(200, { data: { items: [] }, message: '' })
        : envelope(200, { data: list, message: '' }),
    ),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ListDetail', () => {
  it('tells the owner that a moderator hid the list', async () => {
    serve(true);
    renderWithApp(<ListDetail listId={LIST_ID} viewerId={OWNER_ID} renderMap={() => null} />);
    await screen.findByRole('heading', { level: 1, name: '秩父の駅めぐり' });
    expect(screen.getByRole('status').textContent).toBe(
      'このリストは運営により非表示にされています。あなた以外には表示されません。',
    );
  });

  it('shows no notice on a list that is not hidden', async () => {
    serve(false);
    renderWithApp(<ListDetail listId={LIST_ID} viewerId={OWNER_ID} renderMap={() => null} />);
    await screen.findByRole('heading', { level: 1, name: '秩父の駅めぐり' });
    expect(screen.queryByText(/運営により非表示/)).toBeNull();
  });

  it('offers 「共有」 on a public list, and none on a private one', async () => {
    serve(false);
    renderWithApp(<ListDetail listId={LIST_ID} viewerId={OWNER_ID} renderMap={() => null} />);
    await screen.findByRole('heading', { level: 1, name: '秩父の駅めぐり' });
    expect(screen.getByRole('button', { name: '共有' })).toBeTruthy();
    cleanup();

    serve(false, false);
    renderWithApp(<ListDetail listId={LIST_ID} viewerId={OWNER_ID} renderMap={() => null} />);
    await screen.findByRole('heading', { level: 1, name: '秩父の駅めぐり' });
    await screen.findByText('非公開');
    expect(screen.queryByRole('button', { name: '共有' })).toBeNull();
  });
});
