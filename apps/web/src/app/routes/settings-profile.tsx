import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { PageFrame } from '../../components/page-frame';
import { RouterButton } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { ArchiveSettings } from '../../features/archive/components/archive-settings';
import { EmailChangeForm } from '../../features/auth/components/email-change-form';
import { PasswordChangeForm } from '../../features/auth/components/password-change-form';
import { ProfileForm } from '../../features/auth/components/profile-form';
import { SecuritySettings } from '../../features/auth/components/security-settings';
import { SessionList } from '../../features/auth/components/session-list';
import { NotificationMailSettings } from '../../features/notifications/components/notification-mail-settings';
import { PushSettings } from '../../features/notifications/push/push-settings';
import { BlockedMutedUsers } from '../../features/people/components/blocked-muted-users';
import { PrivacySetting } from '../../features/people/components/privacy-setting';
import { WordMutesSettings } from '../../features/search/components/word-mutes-settings';
import { useNotice } from '../../hooks/use-notice';
import { useRouteTitle } from '../use-route-title';

const text = messages.auth.settings;

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      id={id}
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, md: 4 } }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /settings/profile — profile, tab privacy, blocked and muted members, passkeys and the second
 * step, signed-in devices, e-mail address, password, and the way to 退会.
 */
export function Component() {
  const title = useRouteTitle();
  const { data: user } = useMe();
  const snack = useNotice();
  // The guard lets only signed-in users in; after a logout the page is being left.
  if (!user) return null;
  return (
    <PageFrame title={title} maxWidth="sm">
      <Stack spacing={3}>
        <Section title={text.profileHeading}>
          <ProfileForm user={user} />
        </Section>
        <Section title={messages.people.settings.privacyHeading}>
          <PrivacySetting userId={user.id} notify={snack.show} />
        </Section>
        <Section title={messages.notifications.mailHeading}>
          <NotificationMailSettings notify={snack.show} />
        </Section>
        <Section title={messages.notifications.push.heading}>
          <PushSettings notify={snack.show} />
        </Section>
        <Section title={messages.people.settings.safetyHeading}>
          <BlockedMutedUsers notify={snack.show} />
        </Section>
        <Section title={messages.wordMutes.title} id="word-mutes">
          <WordMutesSettings notify={snack.show} />
        </Section>
        <Section title={messages.security.heading}>
          <SecuritySettings notify={snack.show} />
        </Section>
        <Section title={messages.security.sessionsHeading}>
          <SessionList notify={snack.show} />
        </Section>
        <Section title={text.emailHeading}>
          <EmailChangeForm currentEmail={user.email} />
        </Section>
        <Section title={text.passwordHeading}>
          <PasswordChangeForm />
        </Section>
        <Section title={messages.archive.heading} id="archive">
          <ArchiveSettings />
        </Section>
        <Section title={text.leaveHeading}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>{text.leaveIntro}</Typography>
            <Typography>{messages.archive.leaveNote}</Typography>
            <RouterButton to={paths.leave.href()} variant="outlined" color="error">
              {text.leaveLink}
            </RouterButton>
          </Stack>
        </Section>
      </Stack>
      {snack.element}
    </PageFrame>
  );
}
