// Small ESLint rules for the import boundaries (docs/conventions.md#layers-and-boundaries):
// - `boundaries`: a file in a zone's `target` folder may not import (by relative path) from its
//   `from` folder; web features do not import each other; an API module, or a plugin, reaches a
//   module only through its `*.service.ts`; nothing re-exports a value of a `*.repository.ts` or
//   `*.routes.ts` (a service that hands on its repository's functions would let every module
//   reach that repository while the import rule still passes);
// - `no-export-star`: `export *` only in an `index.ts`, a package's or the schema's one face; a
//   module's file names what it offers.
// Written here because the usual plugins pull in native resolvers whose optional binaries break
// `npm ci`.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function inside(file, folder) {
  const relative = path.relative(path.join(root, folder), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The feature folder a file belongs to, e.g. apps/web/src/features/stations. */
function featureOf(file) {
  const relative = path.relative(path.join(root, 'apps/web/src/features'), file);
  if (relative.startsWith('..')) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** The API module a file belongs to, e.g. posts for apps/api/src/modules/posts/posts.service.ts. */
function moduleOf(file) {
  const relative = path.relative(path.join(root, 'apps/api/src/modules'), file);
  if (relative.startsWith('..') || !relative.includes(path.sep)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** Tests may reach into another module's parts to set up a real scene. */
const TEST_FILE = /\.test\.tsx?$/;
const SERVICE_FILE = /\.service\.(js|ts)$/;
/** Files whose values no other file hands on. */
const PRIVATE_FILE = /\.(repository|routes)(\.(js|ts))?$/;

/** Plugins are cross-cutting: they may use a module, through its service only. */
function isPlugin(file) {
  return inside(file, 'apps/api/src/plugins');
}

export const boundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
                /** Tests may cross this boundary to set up a real scene. */
                allowTests: { type: 'boolean' },
              },
            },
          },
        },
      },
    ],
    messages: {
      restricted: '{{message}}',
      crossFeature:
        'Features do not import each other ({{from}} → {{to}}): move the shared part to components/, hooks/ or lib/.',
      crossModule:
        'The {{from}} module reaches the {{to}} module only through its *.service.ts, not {{file}}.',
      pluginReach:
        'A plugin reaches the {{to}} module only through its *.service.ts, not {{file}}.',
      reexport:
        '{{file}} is not handed on: write the function the other modules call in the service, or import it where it is used.',
    },
  },
  create(context) {
    const zones = context.options[0]?.zones ?? [];
    const filename = context.filename;
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(filename), source);
      for (const zone of zones) {
        if (zone.allowTests && TEST_FILE.test(filename)) continue;
        if (
          zone.target.some((folder) => inside(filename, folder)) &&
          zone.from.some((folder) => inside(imported, folder))
        ) {
          context.report({ node, messageId: 'restricted', data: { message: zone.message } });
        }
      }
      const from = featureOf(filename);
      const to = featureOf(imported);
      if (from && to && from !== to)
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
      const fromModule = moduleOf(filename);
      const toModule = moduleOf(imported);
      if (
        fromModule &&
        toModule &&
        fromModule !== toModule &&
        !TEST_FILE.test(filename) &&
        !SERVICE_FILE.test(imported)
      ) {
        context.report({
          node,
          messageId: 'crossModule',
          data: { from: fromModule, to: toModule, file: path.basename(imported) },
        });
      }
      if (
        isPlugin(filename) &&
        toModule &&
        !TEST_FILE.test(filename) &&
        !SERVICE_FILE.test(imported)
      ) {
        context.report({
          node,
          messageId: 'pluginReach',
          data: { to: toModule, file: path.basename(imported) },
        });
      }
    }
    /** Local names bound to a value imported from a repository or routes file. */
    const privateValues = new Map();
    function notePrivateImports(node) {
      const source = node.source.value;
      if (node.importKind === 'type' || !PRIVATE_FILE.test(source)) return;
      for (const specifier of node.specifiers) {
        if (specifier.importKind !== 'type') privateValues.set(specifier.local.name, source);
      }
    }
    function checkReexport(node) {
      if (node.exportKind === 'type' || TEST_FILE.test(filename)) return;
      for (const specifier of node.specifiers ?? []) {
        if (specifier.exportKind === 'type') continue;
        const source = node.source
          ? PRIVATE_FILE.test(node.source.value) && node.source.value
          : privateValues.get(specifier.local.name);
        if (source)
          context.report({
            node: specifier,
            messageId: 'reexport',
            data: { file: `${path.basename(source)}'s ${specifier.local.name}` },
          });
      }
    }
    return {
      ImportDeclaration: (node) => {
        check(node, node.source.value);
        notePrivateImports(node);
      },
      ExportNamedDeclaration: (node) => {
        if (node.source) check(node, node.source.value);
        checkReexport(node);
      },
      ExportAllDeclaration: (node) => {
        check(node, node.source.value);
        if (PRIVATE_FILE.test(node.source.value) && !TEST_FILE.test(filename))
          context.report({
            node,
            messageId: 'reexport',
            data: { file: `everything of ${path.basename(node.source.value)}` },
          });
      },
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const noExportStar = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      exportStar:
        'No `export *` outside an index.ts: name what this file offers (export { … } from …), so a reader sees it and the boundaries rule can check it.',
    },
  },
  create(context) {
    if (path.basename(context.filename).startsWith('index.')) return {};
    return {
      ExportAllDeclaration: (node) => context.report({ node, messageId: 'exportStar' }),
    };
  },
};

export default { rules: { boundaries, 'no-export-star': noExportStar } };
