#!/usr/bin/env node
// `mc`, as compose.yaml uses it: alias set, ready, mb --ignore-existing, anonymous set none.
import fs from 'node:fs';

const aliases = '/tmp/mc-aliases.json';
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const known = () => (fs.existsSync(aliases) ? JSON.parse(fs.readFileSync(aliases, 'utf8')) : {});
const urlOf = (target) => {
  const [alias, ...rest] = target.split('/');
  const base = alias === 'local' ? 'http://127.0.0.1:9000' : known()[alias];
  return `${base}/${rest.join('/')}`;
};

async function main() {
  const [command, sub, ...rest] = args;
  if (command === 'alias' && sub === 'set') {
    fs.writeFileSync(aliases, JSON.stringify({ ...known(), [rest[0]]: rest[1] }));
  } else if (command === 'ready') {
    await fetch(urlOf(sub));
  } else if (command === 'mb') {
    // Anonymous requests are allowed by s3rver; 409: the bucket is there already.
    const response = await fetch(urlOf(sub), { method: 'PUT' });
    if (!response.ok && response.status !== 409) throw new Error(`mb: ${response.status}`);
    console.log(`Bucket created: ${sub}`);
  } else if (command === 'anonymous' && sub === 'set') {
    // s3rver has no bucket policies: nothing is public in it.
  } else {
    throw new Error(`mc stand-in: ${args.join(' ')} is not known`);
  }
}
main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
