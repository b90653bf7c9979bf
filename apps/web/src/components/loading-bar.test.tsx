import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './loading-bar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const bar = () => screen.queryByTestId('global-loading');

describe('LoadingBar', () => {
  it('never shows for a navigation faster than its delay', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(100));
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(1_000));
    expect(bar()).toBeNull();
  });

  it('shows after the delay and goes right after the loading ends', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(160));
    expect(bar()).not.toBeNull();
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(110));
    expect(bar()).toBeNull();
  });

  it('stays through a hand-over between the route and the page’s own loading', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(160));
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(10));
    rerender(<LoadingBar active />);
    expect(bar()).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(bar()).not.toBeNull();
  });
});
