import { ComingSoon } from '../../components/coming-soon';

/** /login — the form arrives with the accounts work. */
export function Component() {
  return <ComingSoon title="ログイン" />;
}
