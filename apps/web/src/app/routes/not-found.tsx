import { pageNotFoundMessage } from '@ekispot/shared';
import { useLocation } from 'react-router';
import { ErrorView } from '../../components/error-view';

/** Unmatched paths (spec §2): the 404 page, saying 「Page not found: {path}」. */
export function Component() {
  const { pathname } = useLocation();
  return <ErrorView status={404} detail={pageNotFoundMessage(pathname)} />;
}
