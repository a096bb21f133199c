// What other domains may use of the privacy domain (issue 41, decision 0570). It imports no other domain's index but
// identity's, so booking and game may ask it without a cycle; it asks them nothing (their data comes in as parts).
export { requireCurrentVersion, currentText } from './texts';
export { recordTermsAcceptance, recordWaiverAcceptance, playersWithoutPhotoConsent, photoConsentOf, bookingConsents, termsAcceptanceOf } from './acceptances';
export { privacySettingsOf } from './settings';
export { emailHash, type PersonalDataPart, type PersonRef, type ErasureContext, type PartErasure } from './people';
export { runRetention, retentionMetrics, type RetentionPart, type RetentionOutcome } from './retention-job';
export { textVersion } from './texts';
