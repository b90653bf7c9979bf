import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';

const text = messages.postEditor.submit;

/** The photo upload's progress while a post is sent: a bar and its percentage. */
export function UploadProgress({ percent }: { percent: number | null }) {
  return (
    <Box>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        aria-label={text.progressLabel}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-hidden="true">
        {text.uploading(percent ?? 0)}
      </Typography>
    </Box>
  );
}
