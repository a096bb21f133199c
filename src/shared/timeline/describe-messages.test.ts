import { describe, expect, it } from 'vitest';
import { describeBookerChange, describeMail, describeStaffAction, type DescribeContext } from './describe';
import { questionSummary } from '../game/questions';
import { matchMessage, translateValues, translateWord } from '../i18n/message-match';
import { formatMessage } from '../i18n/format';
import { localeOf, type Language } from '../i18n/languages';
import de from '../i18n/de/messages.json';
import fr from '../i18n/fr/messages.json';
import es from '../i18n/es/messages.json';
import nl from '../i18n/nl/messages.json';

/**
 * The sentences the timeline, the activity log and the recap are given in English each have their entry in the messages
 * catalogue (src/shared/i18n/<lang>/messages.json), so the staff pages and the recap show them in the reader's language.
 */
const ctx: DescribeContext = { currency: 'GBP', timeZone: 'Europe/London', userName: (id) => (id === 7 ? 'Hana Host' : undefined) };
const CATALOGUES: [Exclude<Language, 'en'>, Record<string, string>][] = [
  ['de', de],
  ['fr', fr],
  ['es', es],
  ['nl', nl],
];

function inGerman(english: string): string | null {
  const found = matchMessage(de, english);
  return found && formatMessage('de-DE', found.message, translateValues(de, found.values, 'de-DE'));
}

const staff = (action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  describeStaffAction(action, before, after, ctx).summary;

/** One of each sentence shape describe.ts and the recap's questions write. */
const SENTENCES = [
  staff('booking.create', null, { players: 8 }),
  staff('booking.general_notes', null, null),
  staff('booking.date_time', null, null),
  staff('booking.assign_host', null, { assigned_host_id: 7 }),
  staff('booking.assign_host', null, {}),
  staff('booking.meeting_point', null, null),
  staff('booking.hiding_spot', null, null),
  staff('booking.language', null, { language: 'de' }),
  staff('booking.language', null, { language: 'xx' }),
  ...['note', 'phone', 'email', 'meeting'].map((type) => staff('booking.note', null, { type })),
  ...['new', 'contacted', 'negotiating', 'lost', 'converted', 'trash'].map((s) => staff('booking.lead_status', null, { lead_status: s })),
  staff('booking.lead_status', null, {}),
  staff('booking.locks', { teams: false }, { teams: true, game_area: true, host: true, chicken: false }),
  staff('booking.locks', {}, { teams: true }),
  staff('booking.locks', {}, { locations: false, challenges: false }),
  staff('booking.locks', { teams: true }, { teams: true }),
  staff('game.start', null, null),
  staff('game.emergency_host_change', null, { assigned_host_id: 7 }),
  staff('game.emergency_host_change', null, {}),
  staff('game.weapons', null, { weapons_on: true }),
  staff('game.weapons', null, { weapons_on: false }),
  staff('payment.record', null, { payment_type: 'bank_transfer', payment_amount: 12_050 }),
  staff('payment.record', null, { payment_type: 'card' }),
  staff('payment.record', null, { payment_amount: 500 }),
  staff('payment.record', null, {}),
  ...['create', 'update', 'send', 'withdraw'].map((verb) => staff(`proposal.${verb}`, null, { proposal_id: 1234 })),
  staff('mail.retry', null, { kind: 'booking_confirmation', to: 'a@b.test' }),
  staff('mail.retry', null, { kind: 'booking_confirmation' }),
  staff('mail.reveal_reset_link', null, { to: 'a@b.test' }),
  staff('mail.reveal_reset_link', null, {}),
  staff('invoice.retry_render', null, null),
  staff('mail.resend', null, { kind: 'payment.receipt', to: 'a@b.test' }),
  staff('mail.resend', null, { kind: 'payment.receipt' }),
  staff('mail.skip_scheduled', null, { kind: 'booking_confirmation' }),
  staff('challenge.create', null, { name: 'Selfie' }),
  ...['challenge.update', 'user.create', 'user.upgrade', 'user.roles', 'user.roles_removed', 'price.update'].map((a) => staff(a, null, null)),
  ...['activation', 'chicken'].map((section) => describeBookerChange({ section }, ctx).summary),
  describeBookerChange({ section: 'challenges', added_challenges: [1] }, ctx).summary,
  describeBookerChange({ section: 'challenges', added_challenges: [1, 2, 3] }, ctx).summary,
  describeBookerChange({ section: 'teams', teams: [{ name: 'Red' }] }, ctx).summary,
  describeBookerChange({ section: 'teams', teams: [{ name: 'Red' }, { name: 'Blue' }] }, ctx).summary,
  describeBookerChange({ section: 'game_area', before: null, after: null }, ctx).summary,
  describeBookerChange({ section: 'proposal', proposal_id: 4 }, ctx).summary,
  ...[
    { meeting_point_address: 'x' },
    { meeting_point_address: null },
    { hiding_spot_address: 'x' },
    { hiding_spot_address: null },
    { meeting_point_address: 'x', hiding_spot_address: 'y' },
    { meeting_point_address: 'x', hiding_spot_address: null },
    { meeting_point_address: null, hiding_spot_address: 'y' },
    { meeting_point_address: null, hiding_spot_address: null },
    {},
  ].map((fields) => describeBookerChange({ section: 'locations', ...fields }, ctx).summary),
  describeBookerChange({ players: { from: 8, to: 12 } }, ctx).summary,
  describeBookerChange({}, ctx).summary,
  describeMail({ kind: 'booking_confirmation', to: 'a@b.test', subject: 'S', status: 'sent' }, true).summary,
  describeMail({ kind: 'booking_confirmation', to: 'a@b.test', subject: 'S', status: 'sent' }, false).summary,
  ...(['yes', 'no'] as const).map((answer) => questionSummary({ kind: 'radius', radius_m: 500, landmark: null, answer })),
  ...(['warmer', 'colder'] as const).map((answer) => questionSummary({ kind: 'thermometer', radius_m: null, landmark: null, answer })),
  ...(['nearer', 'farther'] as const).map((answer) => questionSummary({ kind: 'landmark', radius_m: null, landmark: 'The Old Mill', answer })),
  questionSummary({ kind: 'landmark', radius_m: null, landmark: null, answer: 'nearer' }),
];

describe('the timeline’s, the activity log’s and the recap’s sentences in the messages catalogue', () => {
  it('has a word for each field’s name and fixed value a change lists, free text left as written', () => {
    const d = describeStaffAction(
      'payment.record',
      { booking_status: 'lead', meeting_point_owner: 'booker', weapons_on: false },
      { booking_status: 'paid', payment_type: 'bank_transfer', payment_amount: 12_050, meeting_point_owner: 'admin', weapons_on: true, note: 'Paid by Ann' },
      ctx,
    );
    const word = (english: string | null) => (english === null ? null : translateWord(de, english));
    expect(d.changes.map((c) => [word(c.label), word(c.before), word(c.after)])).toEqual([
      ['Buchungsstatus', 'Lead', 'Bezahlt'],
      ['Zahlungsart', null, 'Überweisung'],
      ['Betrag', null, '£120.50'],
      ['Treffpunkt festgelegt von', 'Buchender', 'Team'],
      ['Waffen', 'Aus', 'Ein'],
      ['Notiz', null, 'Paid by Ann'],
    ]);
  });

  it('has an entry for every sentence shape, in every language', () => {
    const missing = CATALOGUES.flatMap(([language, catalogue]) =>
      SENTENCES.filter((english) => !matchMessage(catalogue, english)).map((english) => `${language}: ${english}`),
    );
    expect(missing).toEqual([]);
    // Formatting never fails nor leaves a placeholder behind.
    for (const [language, catalogue] of CATALOGUES) {
      for (const english of SENTENCES) {
        const found = matchMessage(catalogue, english);
        const locale = localeOf(language);
        const text = found ? formatMessage(locale, found.message, translateValues(catalogue, found.values, locale)) : '';
        expect(text, `${language}: ${english}`).not.toMatch(/\{|\}/);
      }
    }
  });

  it('reads the values back into the translation, fixed words translated and free text as written', () => {
    expect(inGerman(staff('booking.assign_host', null, { assigned_host_id: 7 }))).toBe('Spielleitung zugewiesen: Hana Host');
    expect(inGerman(staff('booking.lead_status', null, { lead_status: 'lost' }))).toBe('Lead-Status geändert: Verloren');
    expect(inGerman(staff('booking.locks', { teams: false }, { teams: true, game_area: true, chicken: false }))).toBe(
      'Gesperrt: Teams und Spielgebiet; entsperrt: Chicken',
    );
    expect(inGerman(staff('payment.record', null, { payment_type: 'card', payment_amount: 12_050 }))).toBe('Zahlung über £120.50 erfasst (Karte)');
    expect(
      inGerman(
        describeBookerChange(
          { players: { from: 8, to: 12 }, meeting_time: { from: null, to: { hour: 15, minute: 0 } }, plan_type: { from: 'standard', to: 'pro' } },
          ctx,
        ).summary,
      ),
    ).toBe('Geändert: Datum und Uhrzeit, Spieler, Paket');
    expect(inGerman(describeBookerChange({ section: 'something_else', colour: 'blue' }, ctx).summary)).toBe('Geändert: something else');
    expect(inGerman(staff('proposal.send', null, { proposal_id: 1234 }))).toBe('Angebot #1234 gesendet');
    expect(inGerman(staff('mail.resend', null, { kind: 'payment.receipt', to: 'a@b.test' }))).toBe('E-Mail „Zahlungsbeleg“ erneut an a@b.test gesendet');
    expect(inGerman(describeBookerChange({ section: 'teams', teams: [{ name: 'A' }, { name: 'B' }] }, ctx).summary)).toBe('2 Teams eingerichtet');
    expect(inGerman(describeBookerChange({ section: 'locations', meeting_point_address: 'x', hiding_spot_address: null }, ctx).summary)).toBe(
      'Treffpunkt vorgeschlagen und vorgeschlagenes Versteck zurückgezogen',
    );
    expect(inGerman(describeMail({ kind: 'booking_confirmation', to: 'a@b.test', subject: 'S', status: 'sent' }, false).summary)).toBe(
      'E-Mail: Buchungsbestätigung an a@b.test',
    );
    expect(inGerman(questionSummary({ kind: 'radius', radius_m: 1500, landmark: null, answer: 'yes' }))).toBe(
      'Ist das Chicken höchstens 1500 m von uns entfernt? Ja',
    );
    expect(inGerman(questionSummary({ kind: 'landmark', radius_m: null, landmark: 'The Old Mill', answer: 'farther' }))).toBe(
      'Ist das Chicken näher an The Old Mill als wir? Weiter weg',
    );
  });
});
