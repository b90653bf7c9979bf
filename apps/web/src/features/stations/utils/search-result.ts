import { messages } from '../../../config/messages';

/**
 * How a search result names its station: its own name, or the platform's name that matched with
 * the station's in brackets, where the data gives a platform a name of its own.
 */
export function formatResultName(result: { name: string; matchedName: string }): string {
  return result.matchedName && result.matchedName !== result.name
    ? `${result.matchedName}（${result.name}）`
    : result.name;
}

/** At most the lines given, then how many more (「JR山手線、小田急線 ほか 12 路線」). */
export function formatResultLines(lines: readonly { name: string }[], lineCount: number): string {
  const shown = lines.map((line) => line.name).join('、');
  const more = lineCount - lines.length;
  return more > 0 ? `${shown} ${messages.map.searchMoreLines(more)}` : shown;
}
