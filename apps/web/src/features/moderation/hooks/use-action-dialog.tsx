import { useCallback, useState } from 'react';
import type { JSX, RefObject } from 'react';
import { useNotice } from '../../../hooks/use-notice';
import { ActionDialog } from '../components/action-dialog';
import type { ActionRequest } from '../components/action-dialog';

interface Shown {
  request: ActionRequest;
  open: boolean;
  /** Counts the openings: each one starts with an empty form. */
  opening: number;
}

export type OpenAction = (request: ActionRequest) => void;

/**
 * The queue's action dialog: `open` goes to the cards' buttons, `element` is placed once. The
 * API's message is shown in a snackbar after the dialog closes. Focus goes back to the button
 * that opened it, or, when its card has left the queue, to `fallbackFocus`.
 */
export function useActionDialog({
  fallbackFocus,
  onActed,
}: {
  fallbackFocus: RefObject<HTMLElement | null>;
  onActed?: (request: ActionRequest) => void;
}): { open: OpenAction; element: JSX.Element } {
  const [shown, setShown] = useState<Shown | null>(null);
  const notice = useNotice();
  const open = useCallback<OpenAction>(
    (request) =>
      setShown((current) => ({ request, open: true, opening: (current?.opening ?? 0) + 1 })),
    [],
  );
  // The request stays while the dialog fades out, so its title does not change as it goes.
  const close = () => setShown((current) => (current ? { ...current, open: false } : null));

  const element = (
    <>
      {shown ? (
        <ActionDialog
          key={shown.opening}
          open={shown.open}
          request={shown.request}
          onClose={close}
          onDone={(message) => {
            close();
            notice.show(message);
            onActed?.(shown.request);
          }}
          onExited={() =>
            // Once the dialog has unmounted and given focus back, if there was nowhere to give it.
            window.setTimeout(() => {
              const active = document.activeElement;
              if (!active || active === document.body || !active.isConnected) {
                fallbackFocus.current?.focus();
              }
            })
          }
        />
      ) : null}
      {notice.element}
    </>
  );
  return { open, element };
}
