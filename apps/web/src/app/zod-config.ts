import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema exists (this module imports nothing else).
 * `jitless`: zod otherwise probes whether `new Function` works when it builds its first object
 * schema, which the CSP (script-src 'self', no 'unsafe-eval') refuses and reports on every page
 * load. The messages are set next, by zod-messages.ts.
 */
z.config({ jitless: true });
