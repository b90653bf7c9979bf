import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/**
 * `.env.example` (the settings of compose.yaml, docs/deploy.md#containers) lists every variable
 * the app reads, and only those, in its app part; its stack part holds what compose.yaml alone
 * reads. A variable added to the configuration schema without a line there fails here.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
const compose = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const STACK_MARKER = '# ---- the stack';

/** `NAME=value` lines and `# NAME=value` lines (a variable left at its default). */
function variablesOf(text: string): string[] {
  return [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

/** What loadConfig reads: every property it asks of the environment it is given. */
function variablesTheAppReads(): string[] {
  const read = new Set<string>();
  const source = new Proxy({} as Record<string, string | undefined>, {
    get(target, name) {
      if (typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) read.add(name);
      return undefined;
    },
  });
  loadConfig(source);
  return [...read].sort();
}

describe('.env.example', () => {
  const [appPart = '', stackPart = ''] = example.split(STACK_MARKER);
  const appVariables = variablesOf(appPart);
  const stackVariables = variablesOf(stackPart);
  const schema = variablesTheAppReads();

  it('sees what the app reads (the reading itself works)', () => {
    expect(schema).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'S3_URL', 'SMTP_URL']));
  });

  it('lists every variable of the configuration schema, once, and nothing else, in its app part', () => {
    expect([...appVariables].sort()).toEqual(schema);
    expect(new Set(appVariables).size).toBe(appVariables.length);
  });

  it('lists in its stack part only what compose.yaml reads and the app does not', () => {
    expect(stackVariables.length).toBeGreaterThan(0);
    for (const name of stackVariables) {
      expect(schema, name).not.toContain(name);
      expect(compose, name).toContain(`\${${name}`);
    }
  });

  it('names every variable compose.yaml reads', () => {
    const used = [...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!);
    for (const name of used) expect([...appVariables, ...stackVariables], name).toContain(name);
  });

  it('gives every variable a comment above it', () => {
    const lines = example.split('\n');
    lines.forEach((line, index) => {
      if (!/^(?:# )?[A-Z][A-Z0-9_]*=/.test(line)) return;
      // The nearest line above that is not a variable is a comment.
      let above = index - 1;
      while (above >= 0 && /^(?:# )?[A-Z][A-Z0-9_]*=/.test(lines[above]!)) above -= 1;
      expect(lines[above], line).toMatch(/^# /);
    });
  });
});
