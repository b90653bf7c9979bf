import { createRequire } from 'node:module';

const manifest: unknown = createRequire(import.meta.url)('../package.json');

export const APP_VERSION =
  manifest &&
  typeof manifest === 'object' &&
  'version' in manifest &&
  typeof manifest.version === 'string'
    ? manifest.version
    : '0.0.0';
