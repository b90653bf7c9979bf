// Every document a comment or a doc cites must exist, and so must the heading its anchor names
// (docs/conventions.md#rules-kept-by-tools). Run by `npm run lint`; prints each broken citation
// as file:line and exits 1 when there is one.
//
// Citations it reads:
// - in code (apps, packages, e2e, bench, tools, scripts, .ci and the root's config files): any
//   path ending in `.md`, with or without an anchor (`docs/conventions.md#layout`,
//   `README.md`), resolved from the repository's root or, failing that, from the citing file's
//   folder; and numbered sections (a section sign and a number), which name no document of the
//   repository and are refused;
// - in Markdown files: the same paths, and the targets of links (`[text](<file>#<anchor>)`,
//   `[text](#<anchor>)`) resolved from the citing file's folder. Web addresses are not followed.
// Anchors are computed as GitHub computes them for headings (github-slugger): lower-cased, every
// character that is not a letter, mark, digit, `_`, `-` or space dropped (so Japanese stays and
// punctuation, full-width included, goes), spaces turned into `-`, and a repeated heading
// suffixed `-1`, `-2`… An explicit `<a id="…">` or `<a name="…">` counts too.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const CODE_ROOTS = ['apps', 'packages', 'e2e', 'bench', 'tools', 'scripts', '.ci'];
const CODE_EXTENSIONS = /\.(?:[cm]?[jt]sx?|sql|sh|css|html|ya?ml)$/;
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-check',
  'dist-ssr',
  'data',
  '.git',
  'coverage',
  'public',
  'test-results',
]);

/** A path ending in .md (not part of a longer name or address), and its anchor if any. */
const MD_PATH = /(?<![\w/.@:-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(#[\p{L}\p{M}\p{N}_-]+)?/gu;
/** A numbered section of some specification: not a document anyone can open here. */
const NUMBERED_SECTION = /\u00a7\s*\d/g;
/** A Markdown link's target: `](target)` or `](target "title")`. */
const MD_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

function walk(folder, accept, found = []) {
  let entries;
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(full, accept, found);
    } else if (entry.isFile() && accept(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** GitHub's heading slug, before the suffix that tells repeated headings apart. */
export function githubSlug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's text as GitHub renders it: links become their text, tags and markers go. */
function headingText(raw) {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+([^_]+)_+(?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/** The lines of a Markdown file that are prose, not the inside of a fenced code block. */
function proseLines(text) {
  const lines = text.split('\n');
  let fence = null;
  return lines.map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

const anchorCache = new Map();

/** Every anchor a Markdown file offers. */
function anchorsOf(file) {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  const lines = proseLines(fs.readFileSync(file, 'utf8'));
  const add = (text) => {
    const base = githubSlug(headingText(text));
    let slug = base;
    while (anchors.has(slug)) {
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      slug = `${base}-${count}`;
    }
    anchors.add(slug);
  };
  lines.forEach((line, index) => {
    const atx = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (atx) add(atx[1]);
    else if (/^ {0,3}(=+|-+)\s*$/.test(line) && index > 0 && /\S/.test(lines[index - 1] ?? '')) {
      // A Setext heading: the line above underlined (a lone `---` after a blank line is a rule).
      if (!/^\s*([-*_]\s*){3,}$/.test(lines[index - 1] ?? '')) add(lines[index - 1].trim());
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  });
  anchorCache.set(file, anchors);
  return anchors;
}

function exists(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** What is wrong with citing `target#anchor` from `from`, or null when it holds. */
function problemWith(from, target, anchor, { relativeFirst }) {
  const decoded = decodeURIComponent(target);
  const candidates = target.startsWith('.')
    ? [path.resolve(path.dirname(from), decoded)]
    : relativeFirst
      ? [path.resolve(path.dirname(from), decoded), path.resolve(root, decoded)]
      : [path.resolve(root, decoded), path.resolve(path.dirname(from), decoded)];
  const file = candidates.find(exists);
  if (!file) return `cites ${target}, which does not exist`;
  if (!anchor) return null;
  const wanted = decodeURIComponent(anchor).toLowerCase();
  if (anchorsOf(file).has(wanted)) return null;
  return `cites ${target}#${anchor}: ${path.relative(root, file)} has no heading with that anchor`;
}

function lineOf(text, index) {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function check() {
  const problems = [];
  const report = (file, text, index, message) =>
    problems.push(`${path.relative(root, file)}:${lineOf(text, index)}: ${message}`);

  const codeFiles = [
    ...CODE_ROOTS.flatMap((folder) =>
      walk(path.join(root, folder), (name) => CODE_EXTENSIONS.test(name)),
    ),
    ...fs
      .readdirSync(root)
      .filter((name) => CODE_EXTENSIONS.test(name))
      .map((name) => path.join(root, name)),
  ];
  for (const file of codeFiles) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(MD_PATH)) {
      const problem = problemWith(file, match[1], match[2]?.slice(1), { relativeFirst: false });
      if (problem) report(file, text, match.index, problem);
    }
    for (const match of text.matchAll(NUMBERED_SECTION)) {
      report(file, text, match.index, 'cites a numbered section: cite docs/<file>.md#<anchor>');
    }
  }

  const markdownFiles = walk(root, (name) => name.endsWith('.md'));
  for (const file of markdownFiles) {
    const text = proseLines(fs.readFileSync(file, 'utf8')).join('\n');
    const cited = new Set();
    for (const match of text.matchAll(MD_LINK)) {
      const target = match[1];
      if (/^[a-z][\w+.-]*:/i.test(target)) continue; // https:, mailto:
      const [pathPart, anchor] = target.split('#', 2);
      cited.add(match.index + match[0].indexOf(target));
      if (pathPart === '') {
        if (!anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase())) {
          report(file, text, match.index, `links to #${anchor}: no heading here has that anchor`);
        }
        continue;
      }
      if (!pathPart.endsWith('.md')) {
        if (!exists(path.resolve(path.dirname(file), decodeURIComponent(pathPart)))) {
          report(file, text, match.index, `links to ${pathPart}, which does not exist`);
        }
        continue;
      }
      const problem = problemWith(file, pathPart, anchor, { relativeFirst: true });
      if (problem) report(file, text, match.index, problem);
    }
    for (const match of text.matchAll(MD_PATH)) {
      if (cited.has(match.index)) continue;
      const problem = problemWith(file, match[1], match[2]?.slice(1), { relativeFirst: false });
      if (problem) report(file, text, match.index, problem);
    }
  }
  return problems.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const problems = check();
  if (problems.length > 0) {
    console.error(
      `${problems.length} broken citation(s) of documents (tools/check-doc-links.mjs):\n` +
        problems.join('\n'),
    );
    process.exit(1);
  }
}
