// The layer rules of eslint.config.js (tools/eslint-boundaries.js, tools/eslint-import-cycles.js)
// judged on code written into real places of the repository: each rule fails on the break it
// names and passes the same file written the allowed way.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => message.ruleId);
}

// The first lint loads the parsers and reads the import graph: seconds on a busy machine.
describe('layer rules', { timeout: 60_000 }, () => {
  it('fail on an import cycle, through the files on disk', async () => {
    // app.ts reaches lib/http-error.ts through the modules: importing it back closes a loop.
    const broken = await rulesBroken(
      'apps/api/src/lib/http-error.ts',
      "import { buildApp } from '../app.js';\nexport const built = buildApp;\n",
    );
    expect(broken).toContain('cycles/no-import-cycle');
    const allowed = await rulesBroken(
      'apps/api/src/lib/http-error.ts',
      "import { envelope } from './envelope.js';\nexport const wrap = envelope;\n",
    );
    expect(allowed).toEqual([]);
  });

  it('fail on `export *` outside an index.ts', async () => {
    const file = 'apps/api/src/modules/mail/mail-outbox.service.ts';
    expect(await rulesBroken(file, "export * from './mail-templates.js';\n")).toContain(
      'local/no-export-star',
    );
    expect(await rulesBroken(file, "export { linkify } from './mail-templates.js';\n")).toEqual([]);
  });

  it("fail on a service handing on its repository's values, however it is written", async () => {
    const file = 'apps/api/src/modules/blocks/blocks.service.ts';
    expect(
      await rulesBroken(file, "export { isBlocked } from './blocks.repository.js';\n"),
    ).toEqual(['local/boundaries']);
    expect(
      await rulesBroken(
        file,
        "import { isBlocked } from './blocks.repository.js';\nexport { isBlocked };\n",
      ),
    ).toEqual(['local/boundaries']);
    expect(
      await rulesBroken(file, "export type { BlockRow } from './blocks.repository.js';\n"),
    ).toEqual([]);
  });

  it('fail on a module importing a plugin, or a plugin reaching past a service', async () => {
    expect(
      await rulesBroken(
        'apps/api/src/modules/lists/list-order.ts',
        "import { requireMember } from '../../plugins/access.js';\nexport const member = requireMember;\n",
      ),
    ).toContain('local/boundaries');
    // A test may cross the layers to set up a real scene.
    expect(
      await rulesBroken(
        'apps/api/src/lib/geo.test.ts',
        "import { findGroup } from '../modules/stations/stations.service.js';\nexport const f = findGroup;\n",
      ),
    ).not.toContain('local/boundaries');
    const plugin = 'apps/api/src/plugins/asset-archive.ts';
    expect(
      await rulesBroken(
        plugin,
        "import type { ImageStorage } from '../modules/images/image-storage.js';\nexport type S = ImageStorage;\n",
      ),
    ).toEqual(['local/boundaries']);
    expect(
      await rulesBroken(
        plugin,
        "import type { ImageStorage } from '../modules/images/images.service.js';\nexport type S = ImageStorage;\n",
      ),
    ).toEqual([]);
  });
});
