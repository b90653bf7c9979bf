import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestBuildId, startBuildCheck } from './build-check';

function manifest(id: string): Response {
  return new Response(JSON.stringify({ build_id: id }), { status: 200 });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('fetchLatestBuildId', () => {
  it('reads build_id from /build.json without the cache', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(manifest('abc'));
    await expect(fetchLatestBuildId(fetchFn)).resolves.toBe('abc');
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/build.json');
    expect(fetchFn.mock.calls[0]?.[1]?.cache).toBe('no-store');
  });

  it('returns null on errors', async () => {
    await expect(
      fetchLatestBuildId(vi.fn<typeof fetch>().mockRejectedValue(new Error('x'))),
    ).resolves.toBeNull();
    await expect(
      fetchLatestBuildId(
        vi.fn<typeof fetch>().mockResolvedValue(new Response('nope', { status: 404 })),
      ),
    ).resolves.toBeNull();
  });
});

describe('startBuildCheck', () => {
  it('checks about 1 s after start and then every interval', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(manifest('same')));
    const onUpdateAvailable = vi.fn();
    const stop = startBuildCheck({
      currentBuildId: 'same',
      onUpdateAvailable,
      fetchFn,
      intervalMs: 60_000,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(onUpdateAvailable).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('reports a different build once and stops', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(manifest('new')));
    const onUpdateAvailable = vi.fn();
    startBuildCheck({ currentBuildId: 'old', onUpdateAvailable, fetchFn, intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1);
    expect(onUpdateAvailable).toHaveBeenCalledWith('new');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('keeps checking when the manifest cannot be read', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockRejectedValue(new Error('offline'));
    const onUpdateAvailable = vi.fn();
    startBuildCheck({ currentBuildId: 'old', onUpdateAvailable, fetchFn, intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(onUpdateAvailable).not.toHaveBeenCalled();
  });
});
