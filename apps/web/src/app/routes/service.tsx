import { PageFrame } from '../../components/page-frame';
import { messages } from '../../config/messages';
import { TermsOfService } from '../../features/legal/components/terms-of-service';

export function Component() {
  return (
    <PageFrame title="利用規約" subtitle={messages.legal.lastUpdated}>
      <TermsOfService />
    </PageFrame>
  );
}
