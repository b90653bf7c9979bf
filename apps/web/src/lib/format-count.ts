/**
 * A count as Japanese pages write it: 「1,234」. Whole numbers are grouped by three with commas,
 * exactly as `toLocaleString('ja-JP')` writes them, without its number formatter: the first one
 * a page makes costs a phone tens of milliseconds while the page starts
 * (docs/architecture.md#schemas-on-first-use).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('ja-JP');
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
