import { describe, expect, it } from 'vitest';
import { createdByStaff, isEnquiry, isLead } from './leads';

const wizard = { utm_source: null, utm_medium: null };
const staff = { utm_source: 'admin', utm_medium: 'manual_created' };

describe('leads and enquiries', () => {
  it('a lead is any booking in the sales pipeline, converted ones too, never trash', () => {
    expect(isLead({ booking_status: 'enquiry', lead_status: 'new' })).toBe(true);
    expect(isLead({ booking_status: 'lead', lead_status: 'negotiating' })).toBe(true);
    expect(isLead({ booking_status: 'enquiry', lead_status: 'lost' })).toBe(true);
    expect(isLead({ booking_status: 'paid', lead_status: 'converted' })).toBe(true);
    expect(isLead({ booking_status: 'completed', lead_status: 'converted' })).toBe(true);
    expect(isLead({ booking_status: 'enquiry', lead_status: 'trash' })).toBe(false);
    expect(isLead({ booking_status: 'paid', lead_status: 'new' })).toBe(false);
  });

  it('an enquiry is a lead that came in through the booking form', () => {
    expect(createdByStaff(staff)).toBe(true);
    expect(createdByStaff({ utm_source: 'admin', utm_medium: 'cpc' })).toBe(false);
    expect(isEnquiry({ booking_status: 'paid', lead_status: 'converted', ...wizard })).toBe(true);
    expect(isEnquiry({ booking_status: 'lead', lead_status: 'new', ...staff })).toBe(false);
    expect(isEnquiry({ booking_status: 'enquiry', lead_status: 'trash', ...wizard })).toBe(false);
  });
});
