import { useCallback, useState } from 'react';
import type { JSX } from 'react';
import { useNotice } from '../../../hooks/use-notice';
import type { OpenReport, ReportTarget } from '../../../lib/report-target';
import { LazyReportDialog } from '../components/lazy-report-dialog';

interface Shown {
  target: ReportTarget;
  open: boolean;
  /** Counts the openings: each one starts with an empty form. */
  opening: number;
}

/**
 * The report dialog of a page (docs/moderation.md#screens): `open` goes to the features that
 * show 「報告する」 in their menus, `element` is placed once in the page. The API's thanks is
 * shown in a snackbar after the dialog closes.
 */
export function useReportDialog(): { open: OpenReport; element: JSX.Element } {
  const [shown, setShown] = useState<Shown | null>(null);
  const notice = useNotice();
  const open = useCallback<OpenReport>(
    (target) =>
      setShown((current) => ({ target, open: true, opening: (current?.opening ?? 0) + 1 })),
    [],
  );
  // The target stays while the dialog fades out, so its title does not change as it goes.
  const close = () => setShown((current) => (current ? { ...current, open: false } : null));

  const element = (
    <>
      {shown ? (
        <LazyReportDialog
          key={shown.opening}
          open={shown.open}
          target={shown.target}
          onClose={close}
          onReported={(message) => {
            close();
            notice.show(message);
          }}
        />
      ) : null}
      {notice.element}
    </>
  );
  return { open, element };
}
