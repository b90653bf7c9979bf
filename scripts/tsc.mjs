#!/usr/bin/env node
// The project's TypeScript compiler: TypeScript 7, the native port (npm `typescript-native`, an
// alias of `typescript@7`), for the typecheck and the packages' builds. It checks the whole
// code in about two thirds of TypeScript 5's CPU time (docs/testing.md#ci-stages). TypeScript 5
// stays installed as `typescript` only for ESLint's parser (typescript-eslint needs its JS API),
// and both packages name their command `tsc`, so the scripts call this file instead.
// Usage: node scripts/tsc.mjs <tsc arguments>, from any folder of the repository.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin/tsc');
const { status, signal } = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(status ?? (signal ? 1 : 0));
