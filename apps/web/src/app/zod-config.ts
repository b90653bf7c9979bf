import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema exists. `jitless`: zod otherwise probes
 * whether `new Function` works when it builds its first object schema, which the CSP
 * (script-src 'self', no 'unsafe-eval') refuses and reports on every page load. Japanese
 * default messages as well.
 */
z.config({ jitless: true, ...z.locales.ja() });
