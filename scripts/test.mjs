// `npm test`: the whole suite in stages, each timed (docs/testing.md#ci-stages):
// unit and API integration tests (Vitest projects), the test build, the browser journeys.
import { spawnSync } from 'node:child_process';

const stages = [
  ['unit and integration', 'npm', ['run', '-s', 'test:unit']],
  ['test build', 'npm', ['run', '-s', 'build'], { BUILD_BROTLI_QUALITY: '5' }],
  ['browser journeys', 'npm', ['test', '-s', '-w', 'e2e']],
];

const timings = [];
let failed = false;
for (const [name, command, args, env = {}] of stages) {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((performance.now() - started) / 1000);
  timings.push(`${name.padEnd(24)} ${String(seconds).padStart(4)} s`);
  console.log(`--- ${name}: ${seconds} s`);
  if (result.status !== 0) {
    failed = true;
    break;
  }
}
console.log(`\n=== test stages\n${timings.join('\n')}`);
process.exit(failed ? 1 : 0);
