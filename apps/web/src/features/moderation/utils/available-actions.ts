import type { ModerationActionKind, ModerationItemState, ReportTargetKind } from '@ekispot/shared';

/**
 * The actions that make sense on an item (docs/moderation.md): a post, comment or list can be
 * hidden, removed, its author warned, or shown again once hidden; a member warned, suspended, or
 * the suspension lifted. Closing the reports as 対応不要 is always possible. `state` is null where
 * it is not known (a takedown request names only the item), and then nothing is undone.
 */
export function availableActions(
  kind: ReportTargetKind,
  state: ModerationItemState | null,
  hasAuthor: boolean,
): ModerationActionKind[] {
  if (kind === 'user') {
    return ['dismiss', 'warn', 'suspend', ...(state === 'suspended' ? (['restore'] as const) : [])];
  }
  const actions: ModerationActionKind[] = ['dismiss'];
  if (state === null || state === 'visible') actions.push('hide');
  if (state !== 'removed') actions.push('remove');
  if (hasAuthor) actions.push('warn');
  if (state === 'hidden') actions.push('restore');
  return actions;
}

/** Whether the author is told the reason (the reporters hear only the outcome). */
export function tellsAuthor(action: ModerationActionKind): boolean {
  return action === 'hide' || action === 'remove' || action === 'warn' || action === 'suspend';
}

/** Actions that take something away: their buttons are red. */
export function isSevere(action: ModerationActionKind): boolean {
  return action === 'remove' || action === 'suspend';
}
