import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PROFILE_TABS } from '@ekispot/shared';
import type { ProfileTab } from '@ekispot/shared';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePrimaryLoading } from '../../../lib/page-loading';
import type { OpenReport } from '../../../lib/report-target';
import { useProfile } from '../api/get-profile';
import { useNotice } from '../../../hooks/use-notice';
import { ProfileHeader } from './profile-header';
import { ProfileTabContent } from './profile-tab-content';
import { ProfileTabs } from './profile-tabs';

interface ProfilePageProps {
  userId: string;
  tab: ProfileTab;
  viewerId: string | null | undefined;
  /** The stamps tab's content, from the stamps feature. */
  stampBook: ReactNode;
  /** 「報告する」 in the header's menu (the page supplies the reports feature's dialog). */
  onReport?: OpenReport;
}

/** One layout for the seven profile tabs: the header stays while the tab below changes. */
export function ProfilePage({ userId, tab, viewerId, stampBook, onReport }: ProfilePageProps) {
  const profile = useProfile(userId);
  // The header is the page's primary data, whichever tab is below (docs/navigation.md#loading-bar).
  usePrimaryLoading(profile.isPending);
  const snack = useNotice();

  const name = profile.data?.name;
  const tabLabel = PROFILE_TABS.find((entry) => entry.key === tab)?.label;
  useDocumentTitle(name && tabLabel ? `${name}さんの${tabLabel}` : null);

  // The route's error boundary shows the 404 page for an ApiError 404, else the 500 page.
  if (profile.isError) throw profile.error;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {profile.isPending ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }} aria-busy="true">
          <Skeleton variant="circular" width={88} height={88} />
          <Skeleton variant="text" width="40%" height={48} />
        </Stack>
      ) : (
        <ProfileHeader
          profile={profile.data}
          viewerId={viewerId}
          notify={snack.show}
          onReport={onReport}
        />
      )}
      <ProfileTabs userId={userId} current={tab} />
      {tab === 'stamps' ? (
        stampBook
      ) : (
        <ProfileTabContent
          key={`${userId}/${tab}`}
          userId={userId}
          tab={tab}
          mine={viewerId === userId}
        />
      )}
      {snack.element}
    </Container>
  );
}
