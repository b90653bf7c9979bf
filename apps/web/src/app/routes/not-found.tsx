import { pageNotFoundMessage } from '@ekispot/shared';
import { useLocation } from 'react-router';
import { ErrorView } from '../../components/error-view';

/** Unmatched paths (docs/product-rules.md#routes-and-access): the 404 page with 「Page not found: {path}」. */
export function Component() {
  const { pathname } = useLocation();
  return <ErrorView status={404} detail={pageNotFoundMessage(pathname)} />;
}
