import { TERMS_INTRO, TERMS_SECTIONS } from '../content/terms-of-service-content';
import { LegalDocument } from './legal-document';

export function TermsOfService() {
  return <LegalDocument intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
