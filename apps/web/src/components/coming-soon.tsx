import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../config/messages';
import { PageFrame } from './page-frame';
import { RouterButton } from './router-link';

/** A polite 「準備中」 frame for pages whose content comes later. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ConstructionIcon color="action" aria-hidden="true" />
            <Typography component="h2" variant="h6">
              {messages.comingSoon.heading}
            </Typography>
          </Stack>
          <Typography>{messages.comingSoon.body}</Typography>
          <RouterButton to="/" variant="outlined">
            {messages.comingSoon.backHome}
          </RouterButton>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
