import { moderationActionBodySchema } from '@ekispot/shared';
import type { ModerationActionKind } from '@ekispot/shared';
import { z } from 'zod';
import { messages } from '../../../config/messages';

const shape = moderationActionBodySchema.shape;
/** The shared rule for a number of days (whole, 1 to SUSPENSION_DAYS_MAX). */
const daysNumber = shape.suspend_days.unwrap().unwrap();
const daysSchema = z
  .string()
  .trim()
  .min(1, messages.moderation.dialog.daysRequired)
  .transform(Number)
  .pipe(daysNumber);

/**
 * The action dialog's form: the reason as the shared schema checks it and, for a suspension,
 * the days typed as text or 無期限. Its output is the body's reason and suspend_days (null for
 * good; left out for the other actions). Field names are the wire names, so the API's field
 * errors land beside their fields.
 */
export function actionFormSchema(action: ModerationActionKind) {
  return z
    .object({ reason: shape.reason, suspend_days: z.string(), indefinite: z.boolean() })
    .superRefine((values, ctx) => {
      if (action !== 'suspend' || values.indefinite) return;
      const days = daysSchema.safeParse(values.suspend_days);
      for (const issue of days.error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['suspend_days'] });
      }
    })
    .transform(({ reason, suspend_days, indefinite }) => ({
      reason,
      suspend_days:
        action !== 'suspend' ? undefined : indefinite ? null : Number(suspend_days.trim()),
    }));
}

export type ActionFormInput = z.input<ReturnType<typeof actionFormSchema>>;
export type ActionFormOutput = z.output<ReturnType<typeof actionFormSchema>>;
