import { renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageDataLoading } from '../../../lib/page-loading';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { StampBook } from './stamp-book';

const USER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('StampBook', () => {
  it('keeps the global loading bar up until the book and its completion have answered', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fetchMock.mockImplementation(async () => {
      await answered;
      return envelope(403, { message: '表示できません。', code: 'FORBIDDEN' });
    });
    const bar = renderHook(() => usePageDataLoading());
    renderWithApp(<StampBook userId={USER_ID} />);
    await waitFor(() => expect(bar.result.current).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    answer();
    await screen.findByText('スタンプを読み込めませんでした。');
    await waitFor(() => expect(bar.result.current).toBe(false));
  });
});
