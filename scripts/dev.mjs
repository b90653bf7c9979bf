// Runs the API in watch mode and the Vite dev server side by side; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const run = (args) => spawn('npm', args, { stdio: 'inherit' });
const children = [run(['run', 'build', '-w', 'packages/shared'])];
children[0].on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  children.push(run(['run', 'dev', '-w', 'apps/api']), run(['run', 'dev', '-w', 'apps/web']));
});
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
