import { privacyEndpoints as ep } from '../../../shared/api/endpoints/privacy';
import type { PrivacySettings } from '../../../shared/api/privacy';
import { api } from '../../lib/api-client';

export const privacyKeys = {
  terms: ['admin', 'privacy', 'terms'] as const,
  waiver: ['admin', 'privacy', 'waiver'] as const,
  settings: ['admin', 'privacy', 'settings'] as const,
  people: (q: string) => ['admin', 'privacy', 'people', q] as const,
};

export const fetchTerms = () => api(ep.terms);
export const fetchWaiver = () => api(ep.waiver);
export const publishTerms = (text: string) => api(ep.publishTerms, { body: { text } });
export const publishWaiver = (text: string) => api(ep.publishWaiver, { body: { text } });
export const fetchPrivacySettings = () => api(ep.settings);
export const savePrivacySettings = (settings: PrivacySettings) => api(ep.saveSettings, { body: settings });
export const findPeople = (q: string) => api(ep.people, { query: { q } });
export const erasePerson = (email: string) => api(ep.erasePerson, { body: { email } });
/** The export's two forms, opened by the browser with the staff session (a download each). */
export const exportUrls = (email: string) => {
  const query = `?email=${encodeURIComponent(email)}`;
  return { json: `${ep.exportPerson.path}${query}`, html: `${ep.exportPersonHtml.path}${query}` };
};
