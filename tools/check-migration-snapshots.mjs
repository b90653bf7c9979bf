// The Drizzle snapshot of the newest migration must describe the schema in apps/api/src/db/schema
// exactly, so `drizzle-kit generate` on an unchanged schema writes nothing and a schema change
// gets a migration of its own (docs/conventions.md#rules-kept-by-tools). Run by `npm run lint`.
// Compares what drizzle-kit would snapshot now with the snapshot of the journal's last entry.
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'apps/api/migrations');

const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
const last = journal.entries.at(-1);
const snapshotFile = path.join(
  migrations,
  `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`,
);
const problems = [];

/** JSON with every object's keys sorted, so two snapshots compare by content alone. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    // A key whose value is undefined is absent from a written snapshot.
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

// Drizzle's migrator applies only migrations journalled after the newest one a database records:
// a migration dated before an earlier one is skipped on every existing installation.
journal.entries.forEach((entry, index) => {
  const previous = journal.entries[index - 1];
  if (previous && entry.when <= previous.when)
    problems.push(`${entry.tag} is journalled at or before ${previous.tag} ("when" must increase)`);
});

const sqlFiles = fs.readdirSync(migrations).filter((name) => name.endsWith('.sql'));
const journalled = new Set(journal.entries.map((entry) => `${entry.tag}.sql`));
for (const name of sqlFiles) {
  if (!journalled.has(name)) problems.push(`${name} is not in meta/_journal.json`);
}

if (!fs.existsSync(snapshotFile)) {
  problems.push(`${path.relative(root, snapshotFile)} is missing (the snapshot of ${last.tag})`);
} else {
  const stored = JSON.parse(fs.readFileSync(snapshotFile, 'utf8'));
  const schema = await tsImport(
    path.join(root, 'apps/api/src/db/schema/index.ts'),
    import.meta.url,
  );
  const current = generateDrizzleJson(schema, stored.prevId);
  for (const part of ['tables', 'enums', 'schemas', 'sequences', 'roles', 'policies', 'views']) {
    const differs = Object.keys({ ...stored[part], ...current[part] }).filter(
      (key) => canonical(stored[part]?.[key]) !== canonical(current[part]?.[key]),
    );
    for (const key of differs) {
      problems.push(
        `${part.slice(0, -1)} ${key} differs from ${path.relative(root, snapshotFile)}`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(
    'The schema and the migrations disagree (tools/check-migration-snapshots.mjs): run\n' +
      '`cd apps/api && npx drizzle-kit generate` and write the migration it needs.\n' +
      problems.join('\n'),
  );
  process.exit(1);
}
