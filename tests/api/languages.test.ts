import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { bookingBody } from '../../scripts/booking-body';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { runMessageSchedule } from '../../src/server/domains/booking';
import { paymentMethodOf } from '../../src/server/platform/payment-provider/payment-setup';
import { renderDueInvoices } from '../../src/server/domains/commerce/invoices/invoice-render-job';
import { renderInvoicePdf } from '../../src/server/domains/commerce/invoices/invoice-pdf';
import { queueDueResultsMails } from '../../src/server/domains/game/results-mails';
import { playedGame } from '../support/hunt-fixtures';
import { bookerBookingResponse } from '../../src/shared/api/booking';
import { invoiceListResponse } from '../../src/shared/api/invoices';
import { joinResponse } from '../../src/shared/api/play';
import { localToUtcIso } from '../../src/shared/time';

/**
 * Issue 38 (api-contract, "Languages"): a booking keeps its booker's language and every mail, invite, reminder and
 * document to them uses it; the API's messages follow Accept-Language, and English answers are the spec's, unchanged.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test' });
  admin = await t.as('admin');
  const settings = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street\nLondon EC1 1AA', vat_number: 'GB123456789', vat_rate: 20 };
  expect((await admin.put('/api/admin/invoice-settings', settings)).statusCode).toBe(200);
});
afterAll(async () => t?.close());

/** Text with Intl's no-break spaces as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const mailsOf = (bookingId: number, kind?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(mailOutbox.id);

describe('a German booking', () => {
  it('is German by Accept-Language: the booking says so and its confirmation and invite are German, money and dates for de-DE', async () => {
    const visitor = await t.visitor();
    const res = await visitor.post('/api/bookings', bookingBody({ date: '2031-06-14', full_name: 'Anna Schmidt' }), {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
    });
    expect(res.statusCode).toBe(201);
    const booking = bookerBookingResponse.parse(res.json()).booking;
    expect(booking.language).toBe('de');

    const [mail] = await mailsOf(booking.id, 'booking_confirmation');
    expect(mail?.subject).toBe('Ihr hatch-Spiel am Samstag, 14. Juni 2031 in London');
    // Intl writes the space between amount and currency as a no-break space, as German typesetting wants.
    const text = plain(mail?.text);
    expect(text).toContain('Hallo Anna Schmidt,');
    expect(text).toContain('Danke, dass Sie eine Chicken-Jagd gebucht haben! Hier sind die Details Ihres Spiels.');
    expect(text).toContain('Treffzeit: 15:00 Uhr (Zeitzone London)');
    // £15 × 8 = £120, written for a German reader.
    expect(text).toContain('15 £ pro Person × 8 Spieler: 120 £');
    expect(text).toContain('Gesamt: 120 £');
    expect(text).toContain('Ihre Buchung verwalten: https://play.hatch.test/manage/');
    expect(text).not.toContain('Thanks for booking');

    const invite = (mail?.icalEvent?.content ?? '').replaceAll('\r\n ', '');
    expect(invite).toContain('SUMMARY:hatch: Chicken-Jagd in London');
    expect(invite).toContain('Eine Chicken-Jagd für 8 Spieler in London.');
  });

  it('serves its calendar file in German', async () => {
    const b = await createBooking(t.db, { language: 'de', ...startableSchedule() });
    const visitor = await t.visitor();
    const res = await visitor.inject({ method: 'GET', url: `/api/booking/${b.tempCode}/calendar.ics`, headers: { 'x-manage-key': b.manageKey } });
    expect(res.statusCode).toBe(200);
    // RFC 5545 folds long lines (CRLF and a space) and escapes commas: read it unfolded.
    const ics = res.body.replaceAll('\r\n ', '').replaceAll('\\,', ',');
    expect(ics).toContain('SUMMARY:hatch: Chicken-Jagd in');
    expect(ics).toContain('Den Spielcode für die Spieler schicken wir per E-Mail, sobald die Buchung bezahlt ist.');
  });

  it('gets its game reminder in German', async () => {
    const date = '2027-11-03';
    const zone = 'Europe/London';
    const { booking } = await createPaidBooking(
      t.db,
      {
        language: 'de',
        timezone: zone,
        date,
        meetingTime: { hour: 15, minute: 0 },
        utcDateTime: new Date(localToUtcIso(date, { hour: 15, minute: 0 }, zone)),
        duration: 120,
        meetingPointAddress: 'Brandenburger Tor',
        createdAt: new Date('2027-09-01T12:00:00Z'),
      },
      3_000,
    );
    const run = (at: string) =>
      runMessageSchedule(t.db, {
        paymentMethod: paymentMethodOf(t.app.deps.payments),
        mail: t.app.deps.mail,
        baseUrl: t.app.deps.publicUrl,
        bankTransferDetails: null,
        now: new Date(at),
      });
    await run('2027-09-01T12:00:00Z');
    await run('2027-11-02T10:00:00Z');
    const [reminder] = await mailsOf(booking.id, 'game_reminder_second');
    expect(reminder?.subject).toBe(`Ihr hatch-Spiel in ${booking.city} ist morgen`);
    expect(reminder?.text).toContain(`Ihre Chicken-Jagd ist morgen: Mittwoch, 3. November 2027 um 15:00 Uhr (Zeitzone London) in ${booking.city}`);
    expect(reminder?.text).toContain('Treffpunkt: Brandenburger Tor');
    expect(reminder?.text).toContain('Was Sie mitbringen sollten:');
    expect(reminder?.text).not.toContain('What to bring');
  });

  it('has its invoice PDF in German', async () => {
    const b = await createBooking(t.db, { language: 'de' });
    expect((await admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 12_000 })).statusCode).toBe(201);
    const visitor = await t.visitor();
    const list = await visitor.inject({ method: 'GET', url: `/api/booking/${b.tempCode}/invoices`, headers: { 'x-manage-key': b.manageKey } });
    const [invoice] = invoiceListResponse.parse(list.json()).invoices;
    const res = await visitor.inject({ method: 'GET', url: invoice?.pdf_url ?? '', headers: { 'x-manage-key': b.manageKey } });
    expect(res.statusCode).toBe(200);
    const pdf = await pdfText(res.rawPayload);
    pdf.text = plain(pdf.text);
    expect(pdf.text).toContain(`Rechnung ${invoice?.number}`);
    expect(pdf.text).toContain('USt-IdNr.: GB123456789');
    expect(pdf.text).toContain('Rechnung an');
    expect(pdf.text).toContain('Netto 100,00 £ USt. 20 % 20,00 £ Gesamt 120,00 £');
    expect(pdf.text).toContain('Alle Preise inklusive Umsatzsteuer.');
    // The payment's receipt is German too.
    const [receipt] = await mailsOf(b.id, 'payment.receipt');
    expect(plain(receipt?.subject)).toBe('Quittung für Ihre Zahlung von 120,00 £');
    expect(plain(receipt?.text)).toContain('Vielen Dank für Ihre Zahlung. Dies ist Ihre Quittung.');
    expect(plain(receipt?.text)).toContain('Offener Betrag: Nichts');
    // Paid: the game code and links come in German, with the invite.
    const [links] = await mailsOf(b.id, 'booking.paid');
    expect(links?.subject).toMatch(/^Ihr Spiel ist gebucht: Spielcode \w+$/);
    expect(links?.text).toContain('Vielen Dank: Ihre Zahlung ist eingegangen und Ihre Chicken-Jagd ist gebucht.');
    expect(links?.html).toContain('Spielcode für Ihre Spieler: <strong>');
  });

  it('gets the mail that carries its invoice in German, and an English booking’s stays as it was', async () => {
    const german = await createBooking(t.db, { language: 'de', fullName: 'Anna Schmidt' });
    const english = await createBooking(t.db, { fullName: 'Ann Smith' });
    for (const b of [german, english])
      expect((await admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 12_000 })).statusCode).toBe(201);
    await renderDueInvoices(t.db, { mail: t.app.deps.mail, render: renderInvoicePdf, now: new Date() });

    const [mail] = await mailsOf(german.id, 'invoice.issued');
    const number = mail?.subject?.replace('Rechnung ', '') ?? '';
    expect(mail?.subject).toMatch(/^Rechnung \S+$/);
    expect(plain(mail?.text)).toBe(
      [
        'Guten Tag Anna Schmidt,',
        '',
        `Anbei die Rechnung über Ihre Zahlung von 120,00 £ für die Buchung ${german.tempCode}.`,
        `Sie ist als PDF angehängt (${number}.pdf); Sie finden sie auch auf Ihrer Buchungsseite.`,
      ].join('\n'),
    );
    const [englishMail] = await mailsOf(english.id, 'invoice.issued');
    const englishNumber = englishMail?.subject?.replace('Invoice ', '') ?? '';
    expect(englishMail?.text).toBe(
      [
        'Hello Ann Smith,',
        '',
        `Here is the invoice for your payment of £120.00 for booking ${english.tempCode}.`,
        `It is attached as a PDF (${englishNumber}.pdf); your booking page has it too.`,
      ].join('\n'),
    );
  });

  it('keeps an explicit language over the request’s, and staff see it on the booking', async () => {
    const visitor = await t.visitor();
    const res = await visitor.post('/api/bookings', bookingBody({ language: 'fr' }), { 'accept-language': 'de' });
    expect(res.statusCode).toBe(201);
    const booking = bookerBookingResponse.parse(res.json()).booking;
    expect(booking.language).toBe('fr');
    const [mail] = await mailsOf(booking.id, 'booking_confirmation');
    expect(mail?.subject).toMatch(/^Votre partie hatch le /);
    const staff = await admin.get(`/api/admin/bookings/${booking.id}`);
    expect(staff.json()).toMatchObject({ booking: { language: 'fr' } });
    // Staff change it on the booking page: the booker's next mails and documents follow.
    const changed = await admin.patch(`/api/admin/bookings/${booking.id}`, { language: 'es' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ booking: { language: 'es' } });
    const timeline = await admin.get(`/api/admin/bookings/${booking.id}/timeline`);
    expect(timeline.body).toContain("Changed the booker's language to Español");
  });
});

describe('a French booking’s results', () => {
  it('are mailed in French when the game ends: the leaderboard, the album and the subject', async () => {
    const g = await playedGame(t, admin, { teams: ['Renards', 'Hiboux'] });
    // The booker is French: staff set it on the booking, as the booker's next mails follow it.
    expect((await admin.patch(`/api/admin/bookings/${g.booking.id}`, { language: 'fr' })).statusCode).toBe(200);
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    await queueDueResultsMails(t.db, { mail: t.app.deps.mail, baseUrl: t.app.deps.publicUrl }, new Date(Date.now() + 60_000));
    const [mail] = await mailsOf(g.booking.id, 'game.results');
    expect(plain(mail?.subject)).toBe(`Vos résultats hatch : partie ${g.gameCode}`);
    const text = plain(mail?.text);
    expect(text).toContain(`Votre chasse au Chicken à ${g.booking.city} est terminée. Voici le classement final.`);
    expect(text).toMatch(/\d\. (Renards|Hiboux) : \d+ points\n\d\. (Renards|Hiboux) : \d+ points/);
    expect(text).toContain('Les résultats et l’album des photos approuvées sont sur votre page de résultats :');
    expect(text).not.toContain('final leaderboard');
  });
});

describe('the API’s messages follow Accept-Language', () => {
  it('answers a 422 in French, and the same request in English with the spec’s words', async () => {
    const visitor = await t.visitor();
    const french = await visitor.post('/api/bookings', bookingBody({ players: 1, email: '' }), { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french.statusCode).toBe(422);
    expect(french.json()).toMatchObject({
      message: expect.any(String),
      errors: { players: ['Veuillez indiquer au moins 2 joueurs'], email: ['L’adresse e-mail est obligatoire'] },
    });
    const english = await visitor.post('/api/bookings', bookingBody({ players: 1, email: '' }));
    expect(english.statusCode).toBe(422);
    expect(english.json()).toMatchObject({ errors: { players: ['Please enter a minimum of 2 players'], email: ['Email address is required'] } });
    const tooLong = await visitor.post('/api/bookings', bookingBody({ company_name: 'x'.repeat(201) }), { 'accept-language': 'nl' });
    expect(tooLong.json()).toMatchObject({ errors: { company_name: ['Gebruik maximaal 200 tekens'] } });
  });

  it('answers a 404 in Spanish, and a language we do not speak in English', async () => {
    const visitor = await t.visitor();
    const spanish = await visitor.inject({ method: 'GET', url: '/api/play/NOSUCHGAME1', headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toMatchObject({ message: 'Partida no encontrada' });
    const japanese = await visitor.inject({ method: 'GET', url: '/api/play/NOSUCHGAME1', headers: { 'accept-language': 'ja' } });
    expect(japanese.json()).toMatchObject({ message: 'Game not found' });
  });
});

describe('players choose their language', () => {
  it('two players of one team join in French and Spanish; the answers carry it, and a player may change it', async () => {
    const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
    const first = await (await t.visitor()).post(`/api/play/${paid.gameCode}/join`, { name: 'Amélie', team_name: 'Renards', language: 'fr' });
    expect(first.statusCode).toBe(201);
    const amelie = joinResponse.parse(first.json());
    expect(amelie.player.language).toBe('fr');
    const visitor = await t.visitor();
    const second = await visitor.post(`/api/play/${paid.gameCode}/join`, { name: 'Lucía', team_id: amelie.player.team_id }, { 'accept-language': 'es-ES' });
    expect(second.statusCode).toBe(201);
    const lucia = joinResponse.parse(second.json());
    expect(lucia.player).toMatchObject({ language: 'es', team_id: amelie.player.team_id });

    const changed = await visitor.patch(`/api/play/${paid.gameCode}/me`, { language: 'nl' }, { 'x-player-token': lucia.token });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ player: { language: 'nl' } });
    const refused = await visitor.patch(`/api/play/${paid.gameCode}/me`, { language: 'xx' }, { 'x-player-token': lucia.token, 'accept-language': 'de' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { language: ['Bitte wählen Sie eine Sprache'] } });
  });
});

describe('pages', () => {
  it('say their language in <html lang>: Accept-Language, or ?lang=xx which is then kept for the visitor', async () => {
    const visitor = await t.visitor();
    const german = await visitor.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de' } });
    expect(german.body).toContain('<html lang="de">');
    const dutch = await visitor.inject({ method: 'GET', url: '/?lang=nl', headers: { 'accept-language': 'de' } });
    expect(dutch.body).toContain('<html lang="nl">');
    const cookie = [dutch.headers['set-cookie']].flat().find((c) => c?.startsWith('hatch_lang=nl'));
    expect(cookie).toBeDefined();
    const kept = await visitor.inject({ method: 'GET', url: '/play', headers: { 'accept-language': 'de', cookie: 'hatch_lang=nl' } });
    expect(kept.body).toContain('<html lang="nl">');
    const english = await visitor.inject({ method: 'GET', url: '/' });
    expect(english.body).toContain('<html lang="en">');
  });
});
