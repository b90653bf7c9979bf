import { lazyWhenOpen } from '../../../components/lazy-when-open';

/** The stations of a line chosen in the search, loaded when a line is first chosen. */
export const LazyLineStationsDialog = lazyWhenOpen(
  () => import('./line-stations-dialog').then((module) => module.LineStationsDialog),
  (props) => props.lineId !== null,
);
