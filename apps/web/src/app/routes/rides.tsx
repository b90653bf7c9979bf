import { RidesPage } from '../../features/rides/components/rides-page';

/** /rides — the signed-in member's own rides and 乗りつぶし. */
export function Component() {
  return <RidesPage />;
}
