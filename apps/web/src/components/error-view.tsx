import { INTERNAL_SERVER_ERROR_TEXT, PAGE_NOT_FOUND_TEXT } from '@ekispot/shared';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../config/messages';

interface ErrorViewProps {
  status: number;
  /** Overrides the default text ("Page Not Found" / "Internal Server Error"). */
  text?: string;
}

/** The error page (docs/product-rules.md#errors): 404 → "Page Not Found", anything else → "Internal Server Error". */
export function ErrorView({ status, text }: ErrorViewProps) {
  const isNotFound = status === 404;
  const heading = text ?? (isNotFound ? PAGE_NOT_FOUND_TEXT : INTERNAL_SERVER_ERROR_TEXT);
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography component="p" variant="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
          {isNotFound ? 404 : status >= 500 ? status : 500}
        </Typography>
        <Typography component="h1" variant="h5" data-testid="error-text">
          {heading}
        </Typography>
        <Typography color="text.secondary">
          {isNotFound ? messages.errors.notFoundExplanation : messages.errors.serverExplanation}
        </Typography>
        {/* A plain link: after an error the app state may be broken, so load the top page afresh. */}
        <Typography component="a" href="/" sx={{ color: 'primary.main', fontWeight: 700 }}>
          {messages.errors.backHome}
        </Typography>
      </Stack>
    </Container>
  );
}
