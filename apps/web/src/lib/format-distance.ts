/** 「450m」 below one kilometre (rounded to 10 m), else 「1.2km」 / 「15km」. */
export function formatDistance(meters: number): string {
  const roundedMeters = Math.max(10, Math.round(meters / 10) * 10);
  if (roundedMeters < 1000) return `${roundedMeters}m`;
  if (meters < 9_950) return `${(Math.round(meters / 100) / 10).toFixed(1)}km`;
  return `${Math.round(meters / 1000)}km`;
}
