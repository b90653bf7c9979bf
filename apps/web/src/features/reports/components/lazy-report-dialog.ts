import { lazyWhenOpen } from '../../../components/lazy-when-open';

/**
 * The report dialog, loaded when it first opens: post, list and profile pages offer
 * 「報告する」, but few visits ever use it.
 */
export const LazyReportDialog = lazyWhenOpen(() =>
  import('./report-dialog').then((module) => module.ReportDialog),
);
