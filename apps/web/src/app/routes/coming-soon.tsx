import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { findRouteHandle } from '../route-handle';

/** Frame for pages whose content comes in later work; the title comes from the route table. */
export function Component() {
  const title = findRouteHandle(useMatches())?.title ?? '';
  return <ComingSoon title={title} />;
}
