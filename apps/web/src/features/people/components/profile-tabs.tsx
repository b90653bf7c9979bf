import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PROFILE_TABS } from '@ekispot/shared';
import type { ProfileTab } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';

/** Each tab's address: the spec's profile child routes (the liked and want tabs under action/). */
export const profileTabHref: Record<ProfileTab, (userId: string) => string> = {
  posts: paths.profilePosts.href,
  liked: paths.profileLiked.href,
  'want-to-participate-events': paths.profileWantToParticipateEvents.href,
  'want-to-visit-spots': paths.profileWantToVisitSpots.href,
  'want-to-visit-stations': paths.profileWantToVisitStations.href,
  lists: paths.profileLists.href,
  stamps: paths.profileStamps.href,
};

/** The tab an address shows: its last segment. */
export function profileTabOf(pathname: string): ProfileTab {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return PROFILE_TABS.find((tab) => tab.key === last)?.key ?? 'posts';
}

/** The seven tabs as links: each is its own address, so it can be shared and reloaded. */
export function ProfileTabs({ userId, current }: { userId: string; current: ProfileTab }) {
  return (
    <Tabs
      component="nav"
      value={current}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={messages.people.tabsLabel}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {PROFILE_TABS.map((tab) => (
        <Tab
          key={tab.key}
          value={tab.key}
          label={tab.label}
          href={profileTabHref[tab.key](userId)}
          aria-current={tab.key === current ? 'page' : undefined}
        />
      ))}
    </Tabs>
  );
}
