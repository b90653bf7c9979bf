// A small ESLint rule for the import boundaries (docs/conventions.md): a file in a zone's
// `target` folder may not import (by relative path) from its `from` folder; web features do not
// import each other; an API module reaches another module only through its `*.service.ts`. Written here because the
// usual plugins pull in native resolvers whose optional binaries break `npm ci`.
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
    },
  },
  create(context) {
    const zones = context.options[0]?.zones ?? [];
    const filename = context.filename;
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(filename), source);
      for (const zone of zones) {
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
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
