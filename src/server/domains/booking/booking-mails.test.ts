import { describe, expect, it } from 'vitest';
import { bookingConfirmationMail, gameLinksMail, manageUrl } from './booking-mails';
import { joinLink } from '../../../shared/booking-links';
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
  discount_total: 0,
  discount_code: null,
  total_price: 64,
  language: 'en',
} satisfies Partial<BookerBooking>;

describe('the confirmation mail', () => {
  it('links to the private /manage/{key} under the public URL, not the temp code (decision 0526)', () => {
    const codes = { temp_code: 'ABC', manage_key: 'k3y_Private-0123456789abcdefghij' };
    expect(manageUrl('https://hatch.example/', codes)).toBe(`https://hatch.example/manage/${codes.manage_key}`);
    expect(manageUrl('https://hatch.example', codes)).toBe(`https://hatch.example/manage/${codes.manage_key}`);
  });

  it('states the local date and time in the game zone, and escapes the HTML part', () => {
    const mail = bookingConfirmationMail({ ...(booking as unknown as BookerBooking) }, 'https://hatch.example', {
      method: 'card',
      bankTransferDetails: null,
      reference: 'HATCH-X',
    });
    expect(mail.subject).toBe('Your hatch game on Saturday 5 January 2030 in Mumbai');
    expect(mail.text).toContain('Meeting time: 09:05 (Asia/Kolkata time)');
    expect(mail.text).toContain('Add-ons: None');
    expect(mail.text).toContain('Total: $64');
    expect(mail.html).toContain('&lt;script&gt;Bob&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('the game links mail', () => {
  const facts = {
    email: 'olive@example.test',
    fullName: 'Olive',
    city: 'London',
    players: 12,
    date: '2030-06-15',
    meetingTime: { hour: 15, minute: 0 },
    timezone: 'Europe/London',
    tempCode: 'TEMPCODE2345',
    manageKey: 'k3y_private-0123456789abcdefghijklmnopqrstu',
    gameCode: 'GAME234567',
  };

  it('gives the game code, the players’ join link and the private management link, from the base URL', () => {
    const mail = gameLinksMail(facts, 'https://hatch.example/', 'paid');
    expect(mail).toMatchObject({ to: 'olive@example.test', kind: 'booking.paid', subject: 'Your game is booked: game code GAME234567' });
    expect(mail.text).toContain('Game code for your players: GAME234567');
    // The one join link (issue 28): the player app, the same link the organiser page gives.
    expect(mail.text).toContain(`Players join at: ${joinLink('https://hatch.example/', 'GAME234567')}`);
    expect(mail.text).toContain('Players join at: https://hatch.example/play/GAME234567');
    expect(mail.text).toContain(`Your private management link: https://hatch.example/manage/${facts.manageKey}`);
    expect(mail.text).toContain('Meeting time: 15:00 (London time)');
    expect(mail.html).toContain(`href="https://hatch.example/manage/${facts.manageKey}"`);
  });

  it('says the game code comes with payment when there is none yet', () => {
    const mail = gameLinksMail({ ...facts, gameCode: null, fullName: '<b>Bo</b>' }, 'https://hatch.example', 'created_by_staff');
    expect(mail.subject).toBe('Your hatch game on Saturday 15 June 2030 in London');
    expect(mail.text).not.toContain('/play/');
    expect(mail.text).toContain('Your game code for the players comes by email once your booking is paid.');
    expect(mail.text).toContain(`https://hatch.example/manage/${facts.manageKey}`);
    expect(mail.html).toContain('&lt;b&gt;Bo&lt;/b&gt;');
  });
});
