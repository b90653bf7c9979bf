// An ESLint rule that fails on an import cycle (docs/conventions.md#layers-and-boundaries): two
// files or more of the repository that import each other, directly or through others. Type-only
// imports count too: a cycle of types is still two files that cannot be read one without the
// other. Written here for the reason tools/eslint-boundaries.js gives.
//
// The repository's import graph is read once per ESLint process from the files on disk (their
// relative imports, found by a pattern: fast, and enough for this code base's import forms); the
// file being linted contributes its live imports, so an edit is judged as written. A cycle is a
// strongly connected part of that graph (Tarjan's algorithm); each import of the linted file that
// leads back to it is reported with the way round.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_ROOTS = ['apps', 'packages', 'e2e', 'bench'];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-check', 'dist-test', 'dist-ssr', 'data']);
const SOURCE_FILE = /\.(?:tsx?|mts|mjs|js)$/;
/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. */
const IMPORT_PATTERNS = [
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]/g,
  /(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g,
  /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g,
];

function listSources(folder, into) {
  let entries;
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) listSources(full, into);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(full);
  }
  return into;
}

const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names: `./x.js` is `./x.ts` in TypeScript sources. */
export function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stems = [base];
  const js = /\.(m?)js$/.exec(base);
  if (js) stems.unshift(base.slice(0, -js[0].length));
  for (const stem of stems) {
    for (const suffix of CANDIDATE_SUFFIXES) {
      const candidate = stem + suffix;
      if (SOURCE_FILE.test(candidate) && isFile(candidate)) return candidate;
    }
    for (const extension of ['.mts', '.mjs', '.js']) {
      if (isFile(stem + extension)) return stem + extension;
    }
  }
  return null;
}

const fileCache = new Map();
function isFile(file) {
  let known = fileCache.get(file);
  if (known === undefined) {
    try {
      known = fs.statSync(file).isFile();
    } catch {
      known = false;
    }
    fileCache.set(file, known);
  }
  return known;
}

function importsIn(file, text) {
  const targets = new Set();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const target = resolveImport(file, match[1]);
      if (target && target !== file) targets.add(target);
    }
  }
  return targets;
}

let diskGraph = null;
/** Every source file's relative imports, read once per process. */
export function readDiskGraph() {
  if (diskGraph) return diskGraph;
  diskGraph = new Map();
  for (const folder of SOURCE_ROOTS) {
    for (const file of listSources(path.join(root, folder), [])) {
      diskGraph.set(file, importsIn(file, fs.readFileSync(file, 'utf8')));
    }
  }
  return diskGraph;
}

let inCycles = null;
function filesInCycles() {
  inCycles ??= new Set(cyclesOf(readDiskGraph()).flat());
  return inCycles;
}

/** The shortest way from `from` back to `to` through the graph, as file paths, or null. */
function wayBack(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) {
      const way = [];
      for (let at = file; at !== null; at = previous.get(at)) way.unshift(at);
      return way;
    }
    for (const next of graph.get(file) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The files of every strongly connected part of more than one file (Tarjan). */
export function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const parts = [];
  function visit(start) {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [file, nexts] = frame;
      if (frame[2] < nexts.length) {
        const next = nexts[frame[2]++];
        if (!indexOf.has(next)) {
          indexOf.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...(graph.get(next) ?? [])], 0]);
        } else if (onStack.has(next)) {
          low.set(file, Math.min(low.get(file), indexOf.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(file)));
      }
      if (low.get(file) === indexOf.get(file)) {
        const part = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          part.push(member);
        } while (member !== file);
        if (part.length > 1) parts.push(part);
      }
    }
  }
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return parts;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{way}}. Move what both need to a lower place (lib/, a shared service) so that one side imports the other only.',
    },
  },
  create(context) {
    const filename = context.filename;
    if (!path.isAbsolute(filename) || path.relative(root, filename).startsWith('..')) return {};
    const own = [];
    function note(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveImport(filename, source);
      if (target && target !== filename) own.push({ node, target });
    }
    return {
      ImportDeclaration: (node) => note(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && note(node, node.source.value),
      ExportAllDeclaration: (node) => note(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && note(node, node.source.value),
      'Program:exit'() {
        if (own.length === 0) return;
        const disk = readDiskGraph();
        const targets = new Set(own.map((entry) => entry.target));
        const onDisk = disk.get(filename);
        const unchanged =
          onDisk && onDisk.size === targets.size && [...targets].every((t) => onDisk.has(t));
        // The usual case: the file as saved, in no cycle of the graph read from disk.
        if (unchanged && !filesInCycles().has(filename)) return;
        const graph = new Map(disk);
        graph.set(filename, targets);
        for (const { node, target } of own) {
          const way = wayBack(graph, target, filename);
          if (!way) continue;
          const shown = [filename, ...way].map((file) => path.relative(root, file)).join(' → ');
          context.report({ node, messageId: 'cycle', data: { way: shown } });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
