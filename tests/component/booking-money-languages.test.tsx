import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import type { Language } from '../../src/shared/i18n/languages';
import { adminBookingDetailEndpoints as ep } from '../../src/shared/api/endpoints/admin-booking-detail';
import { adminBookingTimelineEndpoints as timelineEp } from '../../src/shared/api/endpoints/admin-booking-timeline';
import { adminActivityEndpoint } from '../../src/shared/api/endpoints/admin-activity';
import { PaymentsSection } from '../../src/web/features/admin-booking-detail/payments-section';
import { PlanPricingSection } from '../../src/web/features/admin-booking-detail/plan-pricing-section';
import { NotesSection } from '../../src/web/features/admin-booking-detail/notes-section';
import { TimelineSection } from '../../src/web/features/admin-booking-detail/timeline-section';
import { ActivityPage } from '../../src/web/features/admin-activity/activity-page';
import { adminBooking, bookingPayment, paidBooking } from './support/admin-booking';
import { answer, callsTo, failWith } from './support/network';
import { findToast, region, renderScreen, screen, within } from './support/render';

/**
 * Issue 38 on the booking page's money side and the activity log: staff reading German, French or Spanish get the
 * ledger, the dialogs, the price breakdown, the timeline and the log in their words, money written the locale's way
 * (120,00 £), and the toasts and the shared rules' refusals translated. The English is the other tests' (unchanged).
 */
beforeAll(() => Promise.all((['de', 'fr', 'es'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));
/** Intl writes a narrow no-break space before the pound sign: compared as a plain space. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

/** A paid £120 booking with a card payment and a £60 refund that corrected it: £60 net, £60 still due. */
const refunded = () =>
  paidBooking({
    booking_payments: [
      bookingPayment(301, 12_000),
      bookingPayment(302, -6_000, {
        kind: 'refund',
        corrects_payment_id: 301,
        reason: 'Paid twice',
        purpose: 'correction',
        created_at: '2030-01-04T10:00:00.000Z',
      }),
    ],
  });

describe('the booking page’s money side in German (component)', () => {
  it('shows the ledger and the price in German with money written 120,00 £, and records a payment with German words and toasts', async () => {
    await speak('de');
    const booking = refunded();
    answer(ep.recordPayment, ({ body }) => ({
      booking: { ...booking, booking_payments: [...booking.booking_payments, bookingPayment(303, body.payment_amount)] },
    }));
    const { user } = renderScreen(
      <>
        <PaymentsSection booking={booking} />
        <PlanPricingSection booking={booking} />
      </>,
      { path: `/admin/bookings/${booking.id}` },
    );
    const payments = region('Zahlungsverlauf');
    const ledger = plain(payments.querySelector('tbody')?.textContent);
    for (const words of ['Karte', 'Erstattung von #301 (Karte): Zahlung korrigiert', 'Grund: Paid twice', '-60,00 £', 'Administrator'])
      expect(ledger).toContain(words);
    expect(within(payments).getByRole('button', { name: 'Zahlung #301 erstatten' })).toBeTruthy();
    expect(plain(screen.getByTestId('payments-total').textContent)).toBe('60,00 £');
    expect(plain(screen.getByTestId('payments-due').textContent)).toBe('60,00 £');

    const plan = plain(region('Paket und Preise').textContent);
    // The breakdown writes whole amounts without decimals, as the English does (£15).
    for (const words of [
      'Preis pro Person15 £',
      '15 £ pro Person × 8 Spieler120 £',
      'ExtrasKeine',
      'Gesamtpreis120 £',
      '120 Min.',
      'Keine Preisänderungen erfasst',
    ])
      expect(plan).toContain(words);

    // A typed amount that is none is refused with the shared rule's message, in German.
    await user.type(screen.getByLabelText('Betrag (£)'), 'zehn');
    await user.click(within(payments).getByRole('button', { name: 'Zahlung erfassen' }));
    await findToast('Bitte geben Sie einen Betrag größer als 0 ein');

    await user.clear(screen.getByLabelText('Betrag (£)'));
    await user.type(screen.getByLabelText('Betrag (£)'), '20');
    await user.click(within(payments).getByRole('button', { name: 'Zahlung erfassen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Zahlung bestätigen' });
    expect(plain(confirm.querySelector('p')?.textContent)).toBe('Zahlung per Karte über 20,00 £ für Buchung GAME123456 erfassen?');
    await user.click(within(confirm).getByRole('button', { name: /^20,00\s£ erfassen$/ }));
    await findToast('Zahlung erfolgreich erfasst');
    expect(callsTo(ep.recordPayment).map((c) => c.body)).toEqual([{ payment_type: 'card', payment_amount: 2_000 }]);
  });

  it('says in German that a note could not be added', async () => {
    await speak('de');
    answer(ep.addNote, failWith(500, 'Server Error'));
    const { user } = renderScreen(<NotesSection booking={adminBooking()} />, { path: '/admin/bookings/41' });
    await user.type(screen.getByLabelText('Neue Notiz'), 'Wegen des Treffpunkts angerufen');
    await user.click(within(region('Notizen & Kontaktverlauf')).getByRole('button', { name: 'Notiz hinzufügen' }));
    await findToast('Die Notiz konnte nicht hinzugefügt werden');
  });

  it('tells why a binned lead takes no payment and offers Reopen, in German', async () => {
    await speak('de');
    const { user } = renderScreen(<PaymentsSection booking={adminBooking({ lead_status: 'trash' })} />, { path: '/admin/bookings/41' });
    expect(screen.getByTestId('booking-closed').textContent).toContain(
      'Diese Buchung ist im Papierkorb: Öffnen Sie sie wieder, bevor Sie eine Zahlung erfassen.',
    );
    await user.click(screen.getByRole('button', { name: 'Buchung wieder öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buchung wieder öffnen' });
    expect(dialog.textContent).toContain('Ihr Lead-Status wird „kontaktiert“, und Zahlungen können wieder erfasst werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Wieder öffnen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bitte geben Sie einen Grund für das Wiederöffnen dieser Buchung an');
    expect(callsTo(ep.reopen)).toHaveLength(0);
  });
});

describe('a refund in French (component)', () => {
  // French writes the pound with its country (120,00 £GB), as Intl's fr-FR does.
  it('asks what the refund is in French, says what it will do with French money, and refuses too much in French', async () => {
    await speak('fr');
    const booking = refunded();
    const { user } = renderScreen(<PaymentsSection booking={booking} />, { path: `/admin/bookings/${booking.id}` });
    await user.click(within(region('Historique des paiements')).getByRole('button', { name: 'Rembourser le paiement n° 301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser le paiement' });
    expect(plain(dialog.querySelector('form p')?.textContent)).toMatch(
      /^Rembourser le paiement n° 301 : Carte, 120,00 £GB le 03\/01\/2030 10:00:00 \(il en reste 60,00 £GB\)\.$/,
    );
    const amount = within(dialog).getByLabelText('Montant du remboursement (£)');
    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByLabelText('Un paiement erroné est rendu (le prix reste)', { exact: false }));
    expect(plain(within(dialog).getByRole('status').textContent)).toBe('Le total reste 120,00 £GB : 90,00 £GB redeviendront dus.');

    await user.clear(amount);
    await user.type(amount, '999');
    await user.type(within(dialog).getByLabelText('Raison'), 'Trop perçu');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le remboursement' }));
    expect(plain((await within(dialog).findByRole('alert')).textContent)).toBe('Un remboursement ne peut pas dépasser les 60,00 £GB restant sur ce paiement');
    expect(callsTo(ep.refundPayment)).toHaveLength(0);
  });
});

describe('the timeline and the activity log in Spanish (component)', () => {
  it('names the timeline’s parts, a planned message, a sent mail and who changed the booking in Spanish', async () => {
    await speak('es');
    answer(timelineEp.timeline, {
      entries: [
        { id: 'b1', at: '2030-01-02T10:00:00.000Z', source: 'booker', who: 'Booker', summary: 'Changed the players', changes: [], mail_id: null },
        { id: 's1', at: '2030-01-02T09:00:00.000Z', source: 'staff', who: 'Administrator', summary: 'Added a note', changes: [], mail_id: null },
      ],
      mails: [
        {
          id: 5,
          kind: 'booking.confirmation',
          kind_label: 'Booking confirmation',
          to: 'paula@example.test',
          subject: 'Your booking',
          text: 'Thank you',
          status: 'sent',
          status_label: 'Sent',
          error: null,
          created_at: '2030-01-01T10:00:00.000Z',
          sent_at: '2030-01-01T10:00:05.000Z',
          resent_from: null,
        },
      ],
      truncated: false,
      scheduled_messages: [{ id: 1, kind: 'feedback_request', due_at: '2030-06-16T00:00:00.000Z', status: 'scheduled' }],
      balance_overdue: false,
    });
    renderScreen(<TimelineSection booking={adminBooking()} />, { path: '/admin/bookings/41' });
    const planned = await screen.findByRole('table', { name: 'Mensajes programados de esta reserva' });
    expect(within(planned).getByTestId('scheduled-message').textContent).toContain('Solicitud de opinión');
    expect(within(planned).getByText('Programado')).toBeTruthy();
    expect(within(planned).getByRole('button', { name: 'Omitir: Solicitud de opinión' })).toBeTruthy();
    const mails = screen.getByRole('table', { name: 'Correos sobre esta reserva' });
    expect(
      within(mails)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo', 'Para', 'Asunto', 'Estado', 'Enviado el', 'Acciones']);
    const mail = within(mails).getByTestId('outbox-mail');
    expect(mail.textContent).toContain('Confirmación de reserva');
    expect(within(mail).getByText('Enviado')).toBeTruthy();
    expect(within(mail).getByRole('button', { name: 'Reenviar Confirmación de reserva a paula@example.test' })).toBeTruthy();
    // The booker is named in Spanish; a staff member by their name.
    expect(screen.getAllByTestId('timeline-entry').map((e) => e.querySelector('time')?.nextElementSibling?.textContent)).toEqual(['Cliente', 'Administrator']);
  });

  it('lists the log in Spanish, the system’s changes named so, and refuses an id that is none', async () => {
    await speak('es');
    answer(adminActivityEndpoint, {
      entries: [
        {
          id: 1,
          actor: null,
          action: 'booking.updated',
          entity_type: 'booking',
          entity_id: '12',
          booking_id: 12,
          subject_user_id: null,
          before: null,
          after: null,
          created_at: '2030-01-02T10:00:00.000Z',
          summary: 'Balance reminder sent',
          changes: [],
        },
      ],
      pagination: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
    });
    const { user } = renderScreen(<ActivityPage />, { path: '/admin/activity' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Actividad');
    const table = await screen.findByRole('table', { name: 'Registro de actividad' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cuándo', 'Quién', 'Qué', 'Sobre']);
    const row = within(table).getByTestId('activity-entry');
    expect(within(row).getByText('Sistema')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Reserva n.º 12' }).getAttribute('href')).toBe('/admin/bookings/12');
    await user.type(screen.getByLabelText('ID de reserva'), 'doce');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByRole('alert').textContent).toBe('Introduzca un ID válido');
  });
});
