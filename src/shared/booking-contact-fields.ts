import { MAX_TEXT } from './validation/booking-rules';

// No zod here: the public wizard's first load reads these names (decision 0327).

/**
 * The booker's own details besides the email: optional texts they may change even once the booking is paid. One
 * entry a field, and every place reads it from here (the create and PATCH bodies, the booking records, the server's
 * columns, the timelines' labels), so adding a field is this entry, its column and a migration. `record` is its name
 * in the booking records (the contract calls the phone `tel` there).
 */
export const CONTACT_FIELDS = {
  full_name: { record: 'full_name', label: 'Name', max: MAX_TEXT },
  phone: { record: 'tel', label: 'Phone', max: 50 },
  company_name: { record: 'company_name', label: 'Company', max: MAX_TEXT },
  referral_source: { record: 'referral_source', label: 'Heard about us from', max: MAX_TEXT },
} as const;

export type ContactField = keyof typeof CONTACT_FIELDS;
export type ContactRecordField = (typeof CONTACT_FIELDS)[ContactField]['record'];
/** The contact details as the bodies name them; null when not given. */
export type ContactDetails = { [K in ContactField]: string | null };
/** The contact details as the booking records name them. */
export type ContactRecord = { [K in ContactField as (typeof CONTACT_FIELDS)[K]['record']]: string | null };

export const CONTACT_FIELD_NAMES: readonly ContactField[] = Object.keys(CONTACT_FIELDS).filter((key): key is ContactField => key in CONTACT_FIELDS);

/** One value a contact field, keyed as the bodies name them (the compiler asks for a new field here). */
export function perContactField<T>(valueFor: (field: ContactField) => T): { [K in ContactField]: T } {
  return {
    full_name: valueFor('full_name'),
    phone: valueFor('phone'),
    company_name: valueFor('company_name'),
    referral_source: valueFor('referral_source'),
  };
}

/** One value a contact field, keyed as the booking records name them (the compiler asks for a new field here too). */
export function perContactRecord<T>(valueFor: (field: ContactField) => T): { [K in ContactRecordField]: T } {
  return {
    full_name: valueFor('full_name'),
    tel: valueFor('phone'),
    company_name: valueFor('company_name'),
    referral_source: valueFor('referral_source'),
  };
}

/** Body names to record names. */
export function contactRecordOf(details: ContactDetails): ContactRecord {
  return perContactRecord((field) => details[field]);
}
