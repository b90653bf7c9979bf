import type { Plugin } from 'vite';

/**
 * Writes `build.json` (`{ "build_id": "…" }`) into the build output so that a
 * running client can notice that a newer build has been deployed.
 */
export function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'ekispot-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ build_id: buildId })}\n`,
      });
    },
  };
}
