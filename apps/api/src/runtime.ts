/**
 * How the server process is launched (docs/deploy.md#process-memory). Both settings act before
 * any code runs, so they are given on the command line and in the environment, never set from
 * inside: `npm start` (apps/api/package.json, checked against these by runtime.test.ts), the
 * browser journeys and the benchmarks all start the server with them.
 *
 * - `--max-semi-space-size=16`: Node 24 lets the young generation grow to 128 MB on a machine with
 *   this much memory, and keeps it; 16 MB semi-spaces (Node 20's size) cost ~100 MB less resident
 *   memory for a few more short collections.
 * - `MALLOC_ARENA_MAX=2`: glibc gives every thread that allocates its own arena and rarely hands
 *   freed memory back; images decoded on libuv's threads then leave hundreds of MB resident after
 *   an upload burst. Two arenas keep that bounded (the upload flood in docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;
