import { postDisplayTitle } from '@ekispot/shared';
import type { CamelCased, ListItem } from '@ekispot/shared';

/** What an item is called on screen: 「{name}駅」 for a station, the post's display title. */
export function itemName(item: Pick<CamelCased<ListItem>, 'station' | 'post'>): string {
  if (item.station) return `${item.station.name}駅`;
  if (item.post) return postDisplayTitle(item.post);
  return '';
}
