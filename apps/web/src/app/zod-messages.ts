import { japaneseLocale } from '@ekispot/shared';
import { z } from 'zod';

/**
 * Our Japanese default messages (packages/shared/src/zod-japanese.ts), the API's too. Imported
 * by main.tsx right after zod-config.ts: importing the shared package builds its schemas, which
 * must come after `jitless` is set; messages are read only when a value fails, so setting them
 * here is in time.
 */
z.config(japaneseLocale());
