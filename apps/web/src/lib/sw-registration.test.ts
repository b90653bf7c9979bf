import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { SW_MESSAGES } from './sw-messages';
import {
  askToCacheForOffline,
  loadedFiles,
  registerServiceWorker,
  savesData,
  whenIdle,
  whenLoaded,
} from './sw-registration';

describe('the page asking the worker to cache for offline use (docs/pwa.md#offline)', () => {
  it('registers the worker only once the page has loaded', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    const container = {
      register,
      ready: new Promise<never>(() => undefined),
    } as unknown as ServiceWorkerContainer;
    const loading = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const registered = registerServiceWorker(container);
    await Promise.resolve();
    expect(register).not.toHaveBeenCalled();
    loading.mockRestore();
    window.dispatchEvent(new Event('load'));
    await registered;
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('waits for the load event, or not at all once the page has loaded', async () => {
    const listeners: (() => void)[] = [];
    const loading = {
      document: { readyState: 'interactive' },
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    } as unknown as Window;
    let loaded = false;
    void whenLoaded(loading).then(() => (loaded = true));
    await Promise.resolve();
    expect(loaded).toBe(false);
    listeners.forEach((listener) => listener());
    await Promise.resolve();
    expect(loaded).toBe(true);
    await whenLoaded({ document: { readyState: 'complete' } } as unknown as Window);
  });

  it('waits for the browser to be idle, with a time limit', async () => {
    const requestIdleCallback = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    await whenIdle({ requestIdleCallback } as unknown as Window, 5000);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 5000 });
    // No requestIdleCallback (Safari): a second.
    const setTimeout = vi.fn((callback: () => void) => callback());
    await whenIdle({ setTimeout } as unknown as Window, 5000);
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 1000);
  });

  it('reads whether the browser asks to save data', () => {
    expect(savesData({ connection: { saveData: true } } as unknown as Navigator)).toBe(true);
    expect(savesData({ connection: { saveData: false } } as unknown as Navigator)).toBe(false);
    expect(savesData({} as Navigator)).toBe(false);
  });

  it('lists the same-origin files the page loaded', () => {
    const timing = {
      getEntriesByType: () => [
        { name: 'https://ekispot.example/assets/start-Ef56.js' },
        { name: 'https://ekispot.example/api/v2/stations/markers' },
        { name: 'https://cyberjapandata.gsi.go.jp/xyz/pale/5/28/12.png' },
        { name: 'https://ekispot.example.evil/assets/x.js' },
      ],
    } as unknown as Performance;
    expect(loadedFiles(timing, 'https://ekispot.example')).toEqual([
      'https://ekispot.example/assets/start-Ef56.js',
      'https://ekispot.example/api/v2/stations/markers',
    ]);
  });

  it('posts what the page loaded and its Save-Data to the worker, and waits for its answer', async () => {
    const posted: unknown[] = [];
    const worker = {
      postMessage(message: unknown, transfer: MessagePort[]) {
        posted.push(message);
        setTimeout(() => transfer[0]!.postMessage({ type: SW_MESSAGES.offlineReady }), 10);
      },
    } as unknown as ServiceWorker;
    const message = {
      type: SW_MESSAGES.cacheForOffline,
      loaded: ['https://ekispot.example/assets/start-Ef56.js'],
      saveData: true,
    };
    // The test DOM has no MessageChannel; Node's works the same way.
    await askToCacheForOffline(
      worker,
      message,
      () => new NodeMessageChannel() as unknown as MessageChannel,
    );
    expect(posted).toEqual([message]);
  });
});
