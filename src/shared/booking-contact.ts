import { z } from 'zod';
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, perContactField, perContactRecord, type ContactField } from './booking-contact-fields';

export * from './booking-contact-fields';

/** A shape with one schema a contact field, keyed as the bodies name them. */
export function contactShape<T extends z.ZodType>(schemaFor: (max: number) => T): { [K in ContactField]: T } {
  return perContactField((field) => schemaFor(CONTACT_FIELDS[field].max));
}

/** The contact details as stored or answered: each a text or null. Parsing with it keeps only the contact fields. */
export const contactDetailsSchema = z.object(contactShape(() => z.string().nullable()));

/** The records' shape of the contact details. */
export const contactRecordShape = perContactRecord(() => z.string().nullable());

/** Each field's label under both its names, for the timelines. */
export const CONTACT_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  CONTACT_FIELD_NAMES.flatMap((name) => {
    const field = CONTACT_FIELDS[name];
    return field.record === name
      ? [[name, field.label]]
      : [
          [name, field.label],
          [field.record, field.label],
        ];
  }),
);
