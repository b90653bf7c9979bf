import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';

const text = messages.postEditor;

/** While the post, its parent or its station loads. */
export function EditorLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={text.context.loading} />
    </Box>
  );
}

/** A failed load that is not a 404: say so and offer to try again. */
export function EditorLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {text.context.retry}
          </Button>
        }
      >
        {text.context.loadFailed}
      </Alert>
    </Container>
  );
}

/** Someone else's post: its edit form is never shown, only the way to the post itself. */
export function EditNotAllowed({ postId }: { postId: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LockOutlinedIcon aria-hidden="true" sx={{ fontSize: 56, color: 'text.secondary' }} />
        <Typography component="h1" variant="h5">
          {text.notEditable.heading}
        </Typography>
        <Typography color="text.secondary">{text.notEditable.body}</Typography>
        <Stack direction="row" spacing={2}>
          <RouterButton to={paths.post.href(postId)} variant="contained">
            {text.notEditable.viewPost}
          </RouterButton>
          <RouterButton to={paths.home.href()}>{text.notEditable.backHome}</RouterButton>
        </Stack>
      </Stack>
    </Container>
  );
}
