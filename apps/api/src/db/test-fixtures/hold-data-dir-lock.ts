// Run as a child process by database.test.ts: takes the data folder's lock, says so, and waits
// to be killed (as a crashed server would be).
import { lockDataDir } from '../database.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: hold-data-dir-lock <dir>');
await lockDataDir(dir);
process.stdout.write('locked\n');
setInterval(() => undefined, 60_000);
