/**
 * The one lifecycle of the background workers (docs/architecture.md#background-workers). A
 * module's plugin, or server.ts for what needs the process's own resources, registers its
 * worker with `app.workers.add(name, worker)`; nothing else starts or stops one. They start,
 * in the order they were added, when the app listens, and stop in the reverse order when it
 * closes, each stop waiting for its pass in flight; a stop that fails is logged and the others
 * still stop. `health()` says how each is doing.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background workers, started when it listens (app.ts). */
    workers: WorkerSet;
  }
}

export interface BackgroundWorker {
  /** Begins polling; starting twice is starting once. */
  start(): void;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void> | void;
  /** How its passes went (lib/polling-worker.ts keeps it). */
  status?(): PassStatus;
}

export interface PassStatus {
  /** When the last pass ended, well or not. */
  lastPassAt: Date | null;
  /** The last pass's failure, while the passes after it have not succeeded. */
  lastError: string | null;
}

export interface WorkerHealth extends PassStatus {
  name: string;
  running: boolean;
}

export interface WorkerSet {
  add(name: string, worker: BackgroundWorker): void;
  /** Starts every worker in the order added (and any added later, as it is added). */
  start(): void;
  /** Stops every worker, the last added first. */
  stop(): Promise<void>;
  health(): WorkerHealth[];
}

interface WorkerLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export function createWorkerSet(log: WorkerLog): WorkerSet {
  const workers: { name: string; worker: BackgroundWorker; running: boolean }[] = [];
  let started = false;

  function startOne(entry: (typeof workers)[number]) {
    entry.worker.start();
    entry.running = true;
  }

  return {
    add(name, worker) {
      if (workers.some((entry) => entry.name === name))
        throw new Error(`background worker "${name}" is added twice`);
      const entry = { name, worker, running: false };
      workers.push(entry);
      if (started) startOne(entry);
    },
    start() {
      if (started) return;
      started = true;
      for (const entry of workers) startOne(entry);
      log.info({ workers: workers.map((entry) => entry.name) }, 'background workers started');
    },
    async stop() {
      started = false;
      for (const entry of [...workers].reverse()) {
        if (!entry.running) continue;
        try {
          await entry.worker.stop();
        } catch (error) {
          log.error({ err: error, worker: entry.name }, 'background worker did not stop cleanly');
        }
        entry.running = false;
      }
    },
    health() {
      return workers.map(({ name, worker, running }) => ({
        name,
        running,
        ...(worker.status?.() ?? { lastPassAt: null, lastError: null }),
      }));
    },
  };
}
