import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  handlePreloadError,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './chunk-reload';

describe('isChunkLoadError', () => {
  it('recognises dynamic import failures', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('reloadOnceForChunkError', () => {
  it('reloads and records the time', () => {
    const reload = vi.fn();
    const storage = window.sessionStorage;
    storage.clear();
    expect(reloadOnceForChunkError({ storage, now: 50_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe('50000');
  });

  it('does not reload again within 10 000 ms', () => {
    const reload = vi.fn();
    const storage = window.sessionStorage;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '50000');
    expect(reloadOnceForChunkError({ storage, now: 59_999, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again once the guard has passed', () => {
    const reload = vi.fn();
    const storage = window.sessionStorage;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '50000');
    expect(reloadOnceForChunkError({ storage, now: 60_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('handlePreloadError', () => {
  it('handles the first failure with a reload and leaves a second one to the error page', () => {
    const storage = window.sessionStorage;
    storage.clear();
    const reload = vi.fn();
    const first = { preventDefault: vi.fn() };
    handlePreloadError(first, { storage, now: 1_000, reload });
    expect(first.preventDefault).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // After the reload, the chunk fails again within the guard: not prevented, so the import
    // rejects and the route's error page shows.
    const second = { preventDefault: vi.fn() };
    handlePreloadError(second, { storage, now: 5_000, reload });
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('handlePreloadError offline', () => {
  it('never reloads while offline (the browser would show its own offline page)', () => {
    window.sessionStorage.clear();
    const reload = vi.fn();
    const event = { preventDefault: vi.fn() };
    handlePreloadError(event, { now: 1_000, reload, online: false });
    expect(reload).not.toHaveBeenCalled();
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
