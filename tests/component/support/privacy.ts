import { privacyEndpoints } from '../../../src/shared/api/endpoints/privacy';
import { answer } from './network';

/** No terms and no waiver published (a fresh install): the privacy notice's defaults, nothing for anyone to accept. */
export const NOTHING_PUBLISHED = {
  terms: null,
  waiver: null,
  notice: { positions_days: 30, media_days: 90, lead_months: 24, contact_name: '', contact_email: '' },
};

/** The booker's consents while no terms are published: nothing pending, no player has accepted a waiver. */
export const NO_CONSENTS = { consents: { terms_pending: false, current_terms_version: null, terms: null, players: [] } };

/**
 * The privacy calls of the public pages on a fresh install (issue 41): the wizard reads what is published, the booker's
 * pages read who accepted what. Screens that do not make a call leave its answer unused, which is fine.
 */
export function answerNothingPublished(): void {
  answer(privacyEndpoints.current, NOTHING_PUBLISHED);
  answer(privacyEndpoints.bookerConsents, NO_CONSENTS);
}
