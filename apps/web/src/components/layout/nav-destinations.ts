import CasinoIcon from '@mui/icons-material/Casino';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MapIcon from '@mui/icons-material/Map';
import type SvgIcon from '@mui/material/SvgIcon';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';

export interface NavDestination {
  id: 'map' | 'timeline' | 'ranking' | 'gacha';
  label: string;
  href: string;
  Icon: typeof SvgIcon;
  /** Whether the current page belongs to this destination (it is then marked aria-current). */
  isCurrent: (pathname: string) => boolean;
}

/**
 * The main destinations, the same in the desktop header and the phone's bottom bar
 * (docs/navigation.md). Pages still being built stay reachable and say 「準備中」.
 */
export const NAV_DESTINATIONS: readonly NavDestination[] = [
  {
    id: 'map',
    label: messages.nav.map,
    href: paths.home.href(),
    Icon: MapIcon,
    isCurrent: (pathname) => pathname === paths.home.path,
  },
  {
    id: 'timeline',
    label: messages.nav.timeline,
    href: paths.timelinePostAll.href(),
    Icon: DynamicFeedIcon,
    isCurrent: (pathname) => pathname.startsWith('/timeline/'),
  },
  {
    id: 'ranking',
    label: messages.nav.ranking,
    href: paths.rankingImpact.href(),
    Icon: EmojiEventsIcon,
    isCurrent: (pathname) => pathname.startsWith('/rankings/'),
  },
  {
    id: 'gacha',
    label: messages.nav.gacha,
    href: paths.stationRandom.href(),
    Icon: CasinoIcon,
    isCurrent: (pathname) => pathname === paths.stationRandom.path,
  },
];
