/**
 * What counts as a lead and as an enquiry (decision 0336), written once for the Leads & Enquiries tab (its list, its
 * metric cards) and the Stats tab (its chart and totals over a date range), so the two can never disagree again.
 *
 * - A **lead** is a booking in the sales pipeline: an open enquiry or lead (booking status `enquiry` or `lead`), or one
 *   that converted (lead status `converted`, which a payment sets); never one staff marked `trash`. That is every
 *   booking the Leads & Enquiries tab lists, and its Total Leads.
 * - An **enquiry** is a lead that came in through the public booking form, not one staff created
 *   (staff-created bookings carry utm_source 'admin' and utm_medium 'manual_created').
 * - Over a date range, both are counted by when the booking came in (`created_at`, London days): the Stats tab's Total
 *   Leads for a range that holds every booking equals the Leads tab's Total Leads.
 */
export type LeadFacts = { booking_status: string; lead_status: string };
export type EnquiryFacts = LeadFacts & { utm_source: string | null; utm_medium: string | null };

export const OPEN_PIPELINE_STATUSES = ['enquiry', 'lead'] as const;
export const STAFF_CREATED = { utm_source: 'admin', utm_medium: 'manual_created' } as const;

export function isLead(b: LeadFacts): boolean {
  return b.lead_status !== 'trash' && ((OPEN_PIPELINE_STATUSES as readonly string[]).includes(b.booking_status) || b.lead_status === 'converted');
}

export function createdByStaff(b: Pick<EnquiryFacts, 'utm_source' | 'utm_medium'>): boolean {
  return b.utm_source === STAFF_CREATED.utm_source && b.utm_medium === STAFF_CREATED.utm_medium;
}

export function isEnquiry(b: EnquiryFacts): boolean {
  return isLead(b) && !createdByStaff(b);
}

/** The Stats tab's caption: the definition in words, where staff read the numbers. */
export const LEADS_CAPTION =
  'Leads: bookings in the sales pipeline (open, or converted by a payment; not trash), by the day they came in. Enquiries: the leads that came in through the booking form. The Leads & Enquiries tab counts the same bookings.';
