import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { RouterButton } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { LeaveForm } from '../../features/auth/components/leave-form';
import { showFlash } from '../../lib/flash-message';
import { useRouteTitle } from '../use-route-title';

/** /leave — after leaving, the visitor lands on the top page with the farewell. */
export function Component() {
  const title = useRouteTitle();
  const navigate = useNavigate();
  return (
    <PageFrame title={title} maxWidth="sm">
      {/* Before anything is deleted, the way to keep a copy (docs/archive.md#leaving). */}
      <Alert severity="info" sx={{ mb: 3 }}>
        <Typography sx={{ mb: 1 }}>{messages.archive.leaveNote}</Typography>
        <RouterButton
          to={`${paths.settingsProfile.href()}#archive`}
          variant="outlined"
          sx={{ minHeight: 44 }}
        >
          {messages.archive.leaveLink}
        </RouterButton>
      </Alert>
      <LeaveForm
        onLeft={(message) => {
          showFlash(message);
          void navigate(paths.home.href(), { replace: true });
        }}
      />
    </PageFrame>
  );
}
