import { useSyncExternalStore } from 'react';
import { queuedActions, subscribeQueue } from './page-queue';
import type { QueuedAction, QueuedTarget } from './queued-action';

const none: readonly QueuedAction[] = [];

/** The actions waiting to be sent (not the refused ones), oldest first. */
export function useQueuedActions(): readonly QueuedAction[] {
  const all = useSyncExternalStore(subscribeQueue, queuedActions, () => none);
  return all.filter((action) => !action.refusal);
}

/** The targets of waiting actions of one kind, oldest first. */
export function useQueuedTargets<K extends QueuedTarget['kind']>(
  kind: K,
): Extract<QueuedTarget, { kind: K }>[] {
  return useQueuedActions()
    .map((action) => action.target)
    .filter((target): target is Extract<QueuedTarget, { kind: K }> => target.kind === kind);
}
