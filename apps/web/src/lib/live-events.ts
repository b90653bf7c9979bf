/**
 * What the live notification stream has just heard, announced to any part of the app that
 * cares (the timelines check for new posts at once when a followed member posts), so features
 * need not know each other (docs/conventions.md#layers-and-boundaries).
 */
export interface LiveNotice {
  notificationType: string;
}

const listeners = new Set<(notice: LiveNotice) => void>();

export function announceLive(notice: LiveNotice): void {
  for (const listener of listeners) listener(notice);
}

/** Calls `listener` for every notice; returns the unsubscribe. */
export function onLive(listener: (notice: LiveNotice) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
