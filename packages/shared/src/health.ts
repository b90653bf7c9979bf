import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const healthSchema = lazySchema(() =>
  z.object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string(),
  }),
);
