import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner, OfflineView } from './offline';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('offline', () => {
  it('shows the banner while the browser is offline, and takes it away when back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(/オフラインです/)).toBeNull();
    goOffline(true);
    expect(screen.getByText('オフラインです。接続が戻ると最新の内容を表示します。')).toBeTruthy();
    goOffline(false);
    expect(screen.queryByText(/オフラインです/)).toBeNull();
  });

  it('retries a page that could not load once the network is back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const retry = vi.fn();
    render(<OfflineView onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'オフラインです' })).toBeTruthy();
    expect(retry).not.toHaveBeenCalled();
    goOffline(false);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
