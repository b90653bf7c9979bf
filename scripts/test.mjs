// `npm test`: the whole suite, each stage timed (docs/testing.md#ci-stages). Two lanes run side
// by side, as the two cores allow: the unit and API integration tests (Vitest projects) in one,
// the test build and then the browser journeys in the other. A lane's output is kept in a file
// and printed whole when its stage ends, so the two never interleave.
// `npm test -- --serial` runs the stages one after another, printing as they go.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The journeys' lane is the longer one, and a browser left waiting for CPU makes their waits
// slower: the unit lane runs at a lower priority and takes the CPU time the journeys leave.
const lanes = [
  [['unit and integration', 'npm', ['run', '-s', 'test:unit'], {}, { niceness: 5 }]],
  [
    ['test build', 'npm', ['run', '-s', 'build'], { BUILD_BROTLI_QUALITY: '5' }],
    ['browser journeys', 'npm', ['test', '-s', '-w', 'e2e']],
  ],
];
const serial = process.argv.includes('--serial');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ekispot-test-'));
const timings = [];

/** Runs one stage; resolves with whether it passed. */
function runStage([name, command, args, env = {}, { niceness = 0 } = {}]) {
  const started = performance.now();
  const logFile = path.join(logDir, `${name.replaceAll(' ', '-')}.log`);
  const out = serial ? 'inherit' : fs.openSync(logFile, 'w');
  console.log(serial ? `\n=== ${name}` : `=== ${name}: started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env, ...(serial ? {} : { FORCE_COLOR: '1' }) },
    });
    // Set before npm starts anything, so what it starts inherits it.
    if (niceness && !serial) os.setPriority(child.pid, niceness);
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      if (!serial) {
        fs.closeSync(out);
        console.log(`\n=== ${name}`);
        process.stdout.write(fs.readFileSync(logFile));
      }
      console.log(`--- ${name}: ${seconds} s${code === 0 ? '' : ` (failed, exit ${code})`}`);
      timings.push(`${name.padEnd(24)} ${String(seconds).padStart(4)} s`);
      resolve(code === 0);
    });
  });
}

/** A lane's stages in order; a failed stage ends its lane (the journeys need the build). */
async function runLane(stages) {
  for (const stage of stages) if (!(await runStage(stage))) return false;
  return true;
}

const started = performance.now();
let passed;
if (serial) {
  passed = await runLane(lanes.flat());
} else {
  passed = (await Promise.all(lanes.map(runLane))).every(Boolean);
}
fs.rmSync(logDir, { recursive: true, force: true });
const total = Math.round((performance.now() - started) / 1000);
console.log(
  `\n=== test stages\n${timings.join('\n')}\n${'total'.padEnd(24)} ${String(total).padStart(4)} s`,
);
process.exit(passed ? 0 : 1);
