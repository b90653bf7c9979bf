import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
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
