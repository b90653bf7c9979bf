import LinkIcon from '@mui/icons-material/Link';
import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { messages } from '../config/messages';

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copy the page's address, and the system share sheet where the browser has one. */
export function ShareActions({
  title,
  url,
  onNotice,
}: {
  title: string;
  url: string;
  onNotice: (message: string) => void;
}) {
  const copy = async () => {
    onNotice((await copyText(url)) ? messages.share.copied : messages.share.copyFailed);
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  };
  return (
    <>
      <Button variant="text" startIcon={<LinkIcon />} onClick={() => void copy()}>
        {messages.share.copy}
      </Button>
      {canShareNatively() ? (
        <Button variant="text" startIcon={<ShareIcon />} onClick={() => void share()}>
          {messages.share.share}
        </Button>
      ) : null}
    </>
  );
}
