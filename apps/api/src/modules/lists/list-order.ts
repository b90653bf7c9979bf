/**
 * The reorder rule (docs/lists.md#items-and-their-order): a new order names every item of the list exactly
 * once and nothing else, so an order sent from a stale screen (an item added or removed
 * meanwhile) is refused instead of silently dropping or duplicating items.
 */
export type OrderProblem = 'duplicate' | 'unknown' | 'missing';

export function checkNewOrder(
  currentIds: readonly string[],
  requestedIds: readonly string[],
): OrderProblem | null {
  const current = new Set(currentIds);
  const seen = new Set<string>();
  for (const id of requestedIds) {
    if (seen.has(id)) return 'duplicate';
    if (!current.has(id)) return 'unknown';
    seen.add(id);
  }
  return seen.size === current.size ? null : 'missing';
}
