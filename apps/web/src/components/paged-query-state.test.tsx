import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePageDataLoading } from '../lib/page-loading';
import { PagedQueryState } from './paged-query-state';
import type { PagedQuery } from './paged-query-state';

const TEXT = {
  loading: '駅を読み込み中…',
  loadFailed: '駅を読み込めませんでした。',
  retry: '再読み込み',
  more: 'もっと見る',
  loadingMore: '読み込み中…',
};

function pagedQuery(overrides: Partial<PagedQuery<string>> = {}): PagedQuery<string> {
  return {
    data: { pages: [{ items: ['東京'] }, { items: ['品川'] }] },
    isPending: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...overrides,
  };
}

function renderState(query: PagedQuery<string>, label?: string) {
  return render(
    <PagedQueryState query={query} text={TEXT} empty="まだありません。" label={label}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </PagedQueryState>,
  );
}

describe('PagedQueryState', () => {
  it('shows a busy status while the first page loads', () => {
    renderState(pagedQuery({ data: undefined, isPending: true }));
    const status = screen.getByRole('status', { name: TEXT.loading });
    expect(status.getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the global loading bar up until the first page is in', () => {
    const bar = renderHook(() => usePageDataLoading());
    const view = renderState(pagedQuery({ data: undefined, isPending: true }));
    bar.rerender();
    expect(bar.result.current).toBe(true);
    view.rerender(
      <PagedQueryState query={pagedQuery()} text={TEXT} empty="まだありません。">
        {(items) => <p>{items.join('、')}</p>}
      </PagedQueryState>,
    );
    bar.rerender();
    expect(bar.result.current).toBe(false);
  });

  it('offers a retry when loading failed', async () => {
    const query = pagedQuery({ data: undefined, isError: true });
    renderState(query);
    expect(screen.getByText(TEXT.loadFailed)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.retry }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty text when there is nothing', () => {
    renderState(pagedQuery({ data: { pages: [{ items: [] }] } }));
    expect(screen.getByText('まだありません。')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows every page’s items in a named region, and loads the next page', async () => {
    const query = pagedQuery({ hasNextPage: true });
    renderState(query, '駅');
    const region = screen.getByRole('region', { name: '駅' });
    expect(region.textContent).toContain('東京');
    expect(region.textContent).toContain('品川');
    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.more }));
    expect(query.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('disables 「もっと見る」 while the next page loads, and has no region without a label', () => {
    renderState(pagedQuery({ hasNextPage: true, isFetchingNextPage: true }));
    expect(screen.queryByRole('region')).toBeNull();
    const button = screen.getByRole('button', { name: TEXT.loadingMore });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
