import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../content/privacy-policy-content';
import { LegalDocument } from './legal-document';

export function PrivacyPolicy() {
  return <LegalDocument intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
