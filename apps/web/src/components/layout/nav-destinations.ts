import CasinoIcon from '@mui/icons-material/Casino';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MapIcon from '@mui/icons-material/Map';
import PeopleIcon from '@mui/icons-material/People';
import type SvgIcon from '@mui/material/SvgIcon';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';

export interface NavDestination {
  id: 'map' | 'timeline' | 'ranking' | 'gacha' | 'users';
  label: string;
  href: string;
  Icon: typeof SvgIcon;
  /** Whether the current page belongs to this destination (it is then marked aria-current). */
  isCurrent: (pathname: string) => boolean;
  /**
   * Where a phone shows it: the bottom bar holds four destinations and 「投稿」 (a fifth would
   * leave 「タイムライン」 no room on a 320 px phone), the others are icons in the header.
   */
  phone: 'bottom' | 'header';
}

/**
 * The main destinations, all in the desktop header; on a phone in the bottom bar or as an icon
 * in the header (docs/navigation.md#destinations).
 */
export const NAV_DESTINATIONS: readonly NavDestination[] = [
  {
    id: 'map',
    label: messages.nav.map,
    href: paths.home.href(),
    Icon: MapIcon,
    isCurrent: (pathname) => pathname === paths.home.path,
    phone: 'bottom',
  },
  {
    id: 'timeline',
    label: messages.nav.timeline,
    href: paths.timelinePostAll.href(),
    Icon: DynamicFeedIcon,
    isCurrent: (pathname) => pathname.startsWith('/timeline/'),
    phone: 'bottom',
  },
  {
    id: 'ranking',
    label: messages.nav.ranking,
    href: paths.rankingImpact.href(),
    Icon: EmojiEventsIcon,
    isCurrent: (pathname) => pathname.startsWith('/rankings/'),
    phone: 'bottom',
  },
  {
    id: 'gacha',
    label: messages.nav.gacha,
    href: paths.stationRandom.href(),
    Icon: CasinoIcon,
    isCurrent: (pathname) => pathname === paths.stationRandom.path,
    phone: 'bottom',
  },
  {
    id: 'users',
    label: messages.nav.users,
    href: paths.users.href(),
    Icon: PeopleIcon,
    // The directory and a member's followers and follows; a profile is the member's own place.
    isCurrent: (pathname) => pathname === paths.users.path || pathname.startsWith('/users/'),
    phone: 'header',
  },
];
