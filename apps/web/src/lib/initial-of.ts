/** The first character of a name (a whole character, also for emoji), for the fallback. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}
