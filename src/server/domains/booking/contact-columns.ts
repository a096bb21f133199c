import { CONTACT_FIELD_NAMES, contactDetailsSchema, type ContactDetails } from '../../../shared/booking-contact';
import { CONTACT_COLUMNS } from './tables/bookings';
import type { BookingRow, BookingValues } from './booking-row';

type ContactColumn = (typeof CONTACT_COLUMNS)[keyof typeof CONTACT_COLUMNS];

/** A booking row's contact details, named as the bodies name them. */
export function contactOfRow(row: Pick<BookingRow, ContactColumn>): ContactDetails {
  return contactDetailsSchema.parse(Object.fromEntries(CONTACT_FIELD_NAMES.map((name) => [name, row[CONTACT_COLUMNS[name]]])));
}

/** The columns to write for the contact details given (a field left undefined is left as it is). */
export function contactValues(details: Partial<ContactDetails>): BookingValues {
  const values: BookingValues = {};
  for (const name of CONTACT_FIELD_NAMES) {
    const value = details[name];
    if (value !== undefined) values[CONTACT_COLUMNS[name]] = value;
  }
  return values;
}

/** Every contact column of a new row, null where a detail is not given (a prepared insert names them all). */
export function contactColumnsOf(details: ContactDetails): Record<ContactColumn, string | null> {
  return {
    [CONTACT_COLUMNS.full_name]: details.full_name,
    [CONTACT_COLUMNS.phone]: details.phone,
    [CONTACT_COLUMNS.company_name]: details.company_name,
    [CONTACT_COLUMNS.referral_source]: details.referral_source,
  };
}
