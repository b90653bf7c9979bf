import lockfile from 'proper-lockfile';

/**
 * Runs `work` while holding the lock at `lockPath`, across processes: the Vitest projects, their
 * workers and the journeys' set-up build something once (a database template, the test build
 * of the server) while the others wait, then all use it. A lock left by a killed process goes
 * stale after 2 minutes.
 *
 * Building a template keeps the event loop busy in PGlite's WebAssembly; on a loaded machine the
 * lock's refresh can then come late and the lock counts as compromised. That is only a warning:
 * whatever is built under the lock is written under another name and renamed when whole, so a
 * second builder wastes time but never leaves a half-written file.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(lockPath, {
    lockfilePath: lockPath,
    stale: 120_000,
    update: 10_000,
    onCompromised: (error) => console.warn(`file lock ${lockPath}: ${error.message}`),
    retries: { retries: 600, minTimeout: 200, maxTimeout: 1_000 },
    realpath: false,
  });
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}
