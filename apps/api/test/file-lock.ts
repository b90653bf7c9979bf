import lockfile from 'proper-lockfile';

/**
 * Runs `work` while holding the lock at `lockPath`, across processes: the Vitest projects, their
 * workers and the journeys' set-up build something once (a database template, the test build
 * of the server) while the others wait, then all use it. A lock left by a killed process goes
 * stale after 30 s.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(lockPath, {
    lockfilePath: lockPath,
    stale: 30_000,
    update: 5_000,
    retries: { retries: 600, minTimeout: 200, maxTimeout: 1_000 },
    realpath: false,
  });
  try {
    return await work();
  } finally {
    await release();
  }
}
