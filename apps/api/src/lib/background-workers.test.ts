import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createWorkerSet, type BackgroundWorker } from './background-workers.js';
import { createPollingWorker } from './polling-worker.js';

function recordingLog() {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (details: Record<string, unknown>, message: string) =>
      lines.push({ level: 'info', details, message }),
    warn: (details: Record<string, unknown>, message: string) =>
      lines.push({ level: 'warn', details, message }),
    error: (details: Record<string, unknown>, message: string) =>
      lines.push({ level: 'error', details, message }),
  };
}

function fakeWorker(name: string, calls: string[], failStop = false): BackgroundWorker {
  return {
    start: () => calls.push(`start ${name}`),
    stop: async () => {
      calls.push(`stop ${name}`);
      if (failStop) throw new Error(`${name} would not stop`);
    },
  };
}

describe('the background workers', () => {
  it('start in the order added and stop the other way round, a failed stop logged', async () => {
    const calls: string[] = [];
    const log = recordingLog();
    const workers = createWorkerSet(log);
    workers.add('mail', fakeWorker('mail', calls));
    workers.add('notifications', fakeWorker('notifications', calls, true));
    workers.add('push', fakeWorker('push', calls));
    expect(calls).toEqual([]);
    workers.start();
    workers.start();
    // One added once the set runs starts at once.
    workers.add('archive', fakeWorker('archive', calls));
    expect(workers.health().map((worker) => worker.running)).toEqual([true, true, true, true]);
    await workers.stop();
    expect(calls).toEqual([
      'start mail',
      'start notifications',
      'start push',
      'start archive',
      'stop archive',
      'stop push',
      'stop notifications',
      'stop mail',
    ]);
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ worker: 'notifications' }) }),
    ]);
    expect(workers.health().every((worker) => !worker.running)).toBe(true);
    expect(() => workers.add('mail', fakeWorker('mail', calls))).toThrow(/twice/);
  });

  it("reports each polling worker's last pass, and its failure until a pass succeeds", async () => {
    const log = recordingLog();
    const workers = createWorkerSet(log);
    let passes = 0;
    let passed!: () => void;
    let wait = new Promise<void>((resolve) => (passed = resolve));
    const worker = createPollingWorker({
      name: 'test worker',
      intervalMs: 1,
      log,
      drain: async () => {
        passes += 1;
        // Told after this pass's status is kept (the next pass starts no sooner).
        setImmediate(passed);
        if (passes === 1) throw new Error('the outbox is unreachable');
        return passes;
      },
    });
    workers.add('test worker', worker);
    expect(workers.health()).toEqual([
      { name: 'test worker', running: false, lastPassAt: null, lastError: null },
    ]);
    workers.start();
    await wait;
    const failed = workers.health()[0];
    expect(failed?.lastError).toBe('the outbox is unreachable');
    expect(failed?.lastPassAt).toBeInstanceOf(Date);
    wait = new Promise<void>((resolve) => (passed = resolve));
    await wait;
    await workers.stop();
    expect(workers.health()[0]).toMatchObject({ running: false, lastError: null });
  });
});

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('where workers start', () => {
  it('is only the set: no other file starts or stops a worker or hooks onListen', async () => {
    const files = (await readdir(SRC, { recursive: true })).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    const strays: string[] = [];
    for (const name of files) {
      if (name === path.join('lib', 'background-workers.ts')) continue;
      const text = await readFile(path.join(SRC, name), 'utf8');
      if (/addHook\(\s*'onListen'/.test(text) && name !== 'app.ts')
        strays.push(`${name}: hooks onListen`);
      if (/\b\w*(worker|Worker|sweeper|Sweeper)\??\.(start|stop)\(\)/.test(text))
        strays.push(`${name}: starts or stops a worker`);
    }
    expect(strays).toEqual([]);
  });
});
