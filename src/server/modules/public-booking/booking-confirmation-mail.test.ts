import { describe, expect, it } from 'vitest';
import { bookingConfirmationMail, manageUrl } from './booking-confirmation-mail';
import type { BookerBooking } from '../../../shared/api/booking';

const booking = {
  temp_code: 'ABCDEFGH2345',
  email: 'x@example.test',
  full_name: '<script>Bob</script>',
  date: '2030-01-05',
  meeting_time: { hour: 9, minute: 5 },
  timezone: 'Asia/Kolkata',
  city: 'Mumbai',
  players: 2,
  plan_type: 'bespoke',
  add_ons: [],
  currency: 'USD',
  price_per_person: 32,
  add_ons_total: 0,
  total_price: 64,
} satisfies Partial<BookerBooking>;

describe('the confirmation mail', () => {
  it('links to /hatch/{temp_code} under the public URL', () => {
    expect(manageUrl('https://hatch.example/', 'ABC')).toBe('https://hatch.example/hatch/ABC');
    expect(manageUrl('https://hatch.example', 'ABC')).toBe('https://hatch.example/hatch/ABC');
  });

  it('states the local date and time in the game zone, and escapes the HTML part', () => {
    const mail = bookingConfirmationMail({ ...(booking as unknown as BookerBooking) }, 'https://hatch.example');
    expect(mail.subject).toBe('Your hatch game on Saturday 5 January 2030 in Mumbai');
    expect(mail.text).toContain('Meeting time: 09:05 (Asia/Kolkata time)');
    expect(mail.text).toContain('Add-ons: None');
    expect(mail.text).toContain('Total: $64');
    expect(mail.html).toContain('&lt;script&gt;Bob&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});
