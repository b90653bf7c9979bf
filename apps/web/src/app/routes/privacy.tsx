import { PageFrame } from '../../components/page-frame';
import { messages } from '../../config/messages';
import { PrivacyPolicy } from '../../features/legal/components/privacy-policy';

export function Component() {
  return (
    <PageFrame title="プライバシーポリシー" subtitle={messages.legal.lastUpdated}>
      <PrivacyPolicy />
    </PageFrame>
  );
}
