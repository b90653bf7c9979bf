import { lazyWhenOpen } from '../../../components/lazy-when-open';

/**
 * The station picker, loaded when it first opens: the header's search and the post menu show
 * it on every page, but its search box (Autocomplete, text field, line dialog) is not needed
 * until someone asks for it.
 */
export const LazyStationPickerDialog = lazyWhenOpen(() =>
  import('./station-picker-dialog').then((module) => module.StationPickerDialog),
);
