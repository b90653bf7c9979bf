import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INTERNAL_SERVER_ERROR_TEXT, PAGE_NOT_FOUND_TEXT } from '@ekispot/shared';
import { useNavigate } from 'react-router';
import { messages } from '../config/messages';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useHydrated } from '../hooks/use-hydrated';
import { currentHistoryIndex } from '../lib/navigation-history';

const text = messages.errorPage;

interface ErrorViewProps {
  status: number;
  /** A line under the heading, e.g. 「Page not found: /no/such/page」 for unmatched paths. */
  detail?: string;
}

/**
 * The error page (docs/product-rules.md#errors), drawn inside the page's layout so the header and footer stay:
 * 404 → 「ページが見つかりません」 (with the specification's 「Page Not Found」), anything else →
 * 「エラーが発生しました」 (with 「Internal Server Error」), with a way back
 * and a document title that says what happened (docs/navigation.md).
 */
export function ErrorView({ status, detail }: ErrorViewProps) {
  const navigate = useNavigate();
  // The tab's history is the browser's: unknown on the server and while hydrating.
  const hydrated = useHydrated();
  // React Router keeps the tab's place in its history: an earlier entry is ours.
  const canGoBack = hydrated && (currentHistoryIndex() ?? 0) > 0;
  const isNotFound = status === 404;
  const shownStatus = isNotFound ? 404 : status >= 500 ? status : 500;
  const heading = isNotFound ? text.notFoundTitle : text.serverTitle;

  // A passive effect, after the root layout's title effect: this title wins.
  useDocumentTitle(heading);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 8 } }} data-testid="error-page">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography component="p" variant="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
          {shownStatus}
        </Typography>
        {/* The specification's default text, in English as it gives it, beside our Japanese. */}
        <Typography lang="en" color="text.secondary" sx={{ fontWeight: 700 }}>
          {isNotFound ? PAGE_NOT_FOUND_TEXT : INTERNAL_SERVER_ERROR_TEXT}
        </Typography>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        {detail ? (
          <Typography data-testid="error-text" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        ) : null}
        <Typography color="text.secondary">
          {isNotFound ? text.notFoundExplanation : text.serverExplanation}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          {/* A plain link: after an error the app state may be broken, so load the top afresh. */}
          <Button variant="contained" component="a" href="/" startIcon={<HomeIcon aria-hidden />}>
            {text.home}
          </Button>
          {canGoBack ? (
            <Button
              variant="outlined"
              onClick={() => void navigate(-1)}
              startIcon={<ArrowBackIcon aria-hidden />}
            >
              {text.back}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Container>
  );
}
