import { z } from 'zod';
import { MAX_TEXT } from './validation/booking-rules';

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

/** A shape with one schema a contact field, keyed as the bodies name them. */
export function contactShape<T extends z.ZodType>(schemaFor: (max: number) => T): { [K in ContactField]: T } {
  return {
    full_name: schemaFor(CONTACT_FIELDS.full_name.max),
    phone: schemaFor(CONTACT_FIELDS.phone.max),
    company_name: schemaFor(CONTACT_FIELDS.company_name.max),
    referral_source: schemaFor(CONTACT_FIELDS.referral_source.max),
  };
}

/** The contact details as stored or answered: each a text or null. Parsing with it keeps only the contact fields. */
export const contactDetailsSchema = z.object(contactShape(() => z.string().nullable()));

/** The records' shape of the contact details. */
export const contactRecordShape = {
  full_name: z.string().nullable(),
  tel: z.string().nullable(),
  company_name: z.string().nullable(),
  referral_source: z.string().nullable(),
} satisfies { [K in ContactRecordField]: z.ZodType };

/** Body names to record names. */
export function contactRecordOf(details: ContactDetails): ContactRecord {
  return { full_name: details.full_name, tel: details.phone, company_name: details.company_name, referral_source: details.referral_source };
}

/** Each field's label under both its names, for the timelines. */
export const CONTACT_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  CONTACT_FIELD_NAMES.flatMap((name) => {
    const field = CONTACT_FIELDS[name];
    return field.record === name ? [[name, field.label]] : [[name, field.label], [field.record, field.label]];
  }),
);
