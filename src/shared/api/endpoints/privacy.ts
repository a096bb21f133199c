import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { bookingCodeParams } from '../public-booking';
import {
  acceptTermsBody,
  bookingConsentsResponse,
  disputePackResponse,
  eraseBody,
  eraseResponse,
  peopleQuery,
  peopleResponse,
  personExportQuery,
  personExportHtml,
  personExportResponse,
  privacySettingsResponse,
  privacySettingsSchema,
  publicPrivacyResponse,
  publishTextBody,
  termsHistoryResponse,
  termsResponse,
  waiverHistoryResponse,
  waiverResponse,
} from '../privacy';

/** Privacy and consent (issue 41; api-contract "Privacy and consent"). */
export const privacyEndpoints = {
  current: defineEndpoint({ method: 'GET', path: '/api/privacy', response: publicPrivacyResponse }),
  terms: defineEndpoint({ method: 'GET', path: '/api/admin/terms', response: termsHistoryResponse }),
  publishTerms: defineEndpoint({ method: 'PUT', path: '/api/admin/terms', body: publishTextBody, response: termsResponse }),
  waiver: defineEndpoint({ method: 'GET', path: '/api/admin/waiver', response: waiverHistoryResponse }),
  publishWaiver: defineEndpoint({ method: 'PUT', path: '/api/admin/waiver', body: publishTextBody, response: waiverResponse }),
  settings: defineEndpoint({ method: 'GET', path: '/api/admin/privacy/settings', response: privacySettingsResponse }),
  saveSettings: defineEndpoint({ method: 'PUT', path: '/api/admin/privacy/settings', body: privacySettingsSchema, response: privacySettingsResponse }),
  people: defineEndpoint({ method: 'GET', path: '/api/admin/privacy/people', query: peopleQuery, response: peopleResponse }),
  exportPerson: defineEndpoint({ method: 'GET', path: '/api/admin/privacy/people/export', query: personExportQuery, response: personExportResponse }),
  exportPersonHtml: defineEndpoint({ method: 'GET', path: '/api/admin/privacy/people/export/html', query: personExportQuery, response: personExportHtml }),
  erasePerson: defineEndpoint({ method: 'POST', path: '/api/admin/privacy/people/erase', body: eraseBody, response: eraseResponse }),
  adminConsents: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/consents', params: idParam, response: bookingConsentsResponse }),
  disputePack: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/dispute-pack', params: idParam, response: disputePackResponse }),
  bookerConsents: defineEndpoint({ method: 'GET', path: '/api/booking/:code/consents', params: bookingCodeParams, response: bookingConsentsResponse }),
  bookerAcceptTerms: defineEndpoint({
    method: 'POST',
    path: '/api/booking/:code/terms',
    params: bookingCodeParams,
    body: acceptTermsBody,
    response: bookingConsentsResponse,
  }),
};
