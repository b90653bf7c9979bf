/**
 * Runs at most `concurrency` tasks at once; the rest wait their turn in arrival order. Image
 * decoding goes through one of these, so a burst of uploads costs memory for a few images
 * at a time, however many arrive.
 */
export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createWorkQueue(concurrency: number): WorkQueue {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A finishing task hands its slot straight to the next in line.
  const release = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else active -= 1;
  };
  return {
    async run(task) {
      if (active < concurrency) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
