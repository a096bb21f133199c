import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import type { Language } from '../../src/shared/i18n/languages';
import { adminPaymentsEndpoints } from '../../src/shared/api/endpoints/admin-payments';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { adminGiftVoucherEndpoints } from '../../src/shared/api/endpoints/gift-vouchers';
import { adminPromoCodesEndpoints } from '../../src/shared/api/endpoints/promo-codes';
import { adminProposalsEndpoints } from '../../src/shared/api/endpoints/proposals';
import type { AdminGiftVoucherDetail } from '../../src/shared/api/gift-vouchers';
import type { PromoCode } from '../../src/shared/api/promo-codes';
import type { Proposal } from '../../src/shared/api/proposals';
import { PaymentsPage } from '../../src/web/features/admin-payments/payments-page';
import { GiftVouchersPage } from '../../src/web/features/admin-gift-vouchers/gift-vouchers-page';
import { GiftVoucherDetailPage } from '../../src/web/features/admin-gift-vouchers/gift-voucher-detail-page';
import { PromoCodesPage } from '../../src/web/features/admin-promo-codes/promo-codes-page';
import { ProposalsPage } from '../../src/web/features/admin-proposals/proposals-page';
import { BOUGHT_VOUCHER, issuedVoucher, paymentRow } from './support/admin-money';
import { answer } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/**
 * Issue 38 on the staff's money screens: payments, gift vouchers, promo codes and proposals read their words in the
 * staff member's language, money and days in its form, the shared rules' labels (a payment's type, a voucher's ledger
 * entry) and refusals from the messages catalogue, and an action's toast too. English is the other tests' (they read
 * the spec's words).
 */
beforeAll(() => Promise.all((['de', 'fr'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));
/** Intl writes a space before the currency and in "10 %" as a no-break space: read as a plain one. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => plain(c.textContent));

const PROPOSAL: Proposal = {
  id: 3,
  booking_id: 12,
  booking_name: 'Lena Lead',
  booking_email: 'lena@example.test',
  booking_status: 'lead',
  lead_status: 'new',
  status: 'draft',
  expired: false,
  plan_type: 'standard',
  players: 1200,
  add_ons: ['hosted'],
  lines: [{ label: 'Rabatt', amount: -50 }],
  currency: 'EUR',
  price_per_person: 15,
  add_ons_total: 100,
  lines_total: -50,
  total_price: 18_050.5,
  valid_until: '2030-06-15',
  link: 'https://hatch.example/proposal/abc',
  created_by_name: 'Olga Office',
  created_at: '2030-06-01T09:00:00.000Z',
  sent_at: null,
  accepted_at: null,
  withdrawn_at: null,
};

describe('the money screens in another language (component)', () => {
  it('writes the payments list in German: totals in German money, the types in German, entries counted', async () => {
    await speak('de');
    answer(invoiceEndpoints.settings, {
      settings: { seller_name: 'Hatch', seller_address: '1 Street', vat_number: 'GB1', vat_rate: 20 },
      ready: true,
      waiting: 0,
    });
    answer(adminPaymentsEndpoints.list, {
      payments: [
        paymentRow(3, { kind: 'refund', payment_type: 'bank_transfer', payment_amount: -1_250, corrects_payment_id: 1 }),
        paymentRow(2, { payment_type: 'voucher', payment_amount: 4_000, free_voucher: true }),
        paymentRow(1, {}),
      ],
      pagination: { current_page: 1, last_page: 1, per_page: 20, total: 3 },
      totals: [{ currency: 'GBP', received: 8_000, refunded: 1_250, net: 6_750, free_vouchers: 4_000, entries: 3 }],
    });
    renderScreen(<PaymentsPage />, { path: '/admin/payments' });

    expect(await screen.findByRole('heading', { name: 'Zahlungen' })).toBeTruthy();
    const totals = await screen.findByTestId('totals-GBP');
    expect(plain(totals.textContent)).toBe(
      'GBPInsgesamt erhalten: 80,00 £Erstattet und storniert: 12,50 £Netto: 67,50 £ in 3 EinträgenMit kostenlosen Geschenkgutscheinen bezahlt (kein erhaltenes Geld): 40,00 £',
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => cells(r).slice(2, 5))).toEqual([
      ['#3 Erstattung von #1', 'Überweisung', '-12,50 £'],
      ['#2 Zahlung', 'Geschenkgutschein (kostenlos)', '40,00 £'],
      ['#1 Zahlung', 'Karte', '80,00 £'],
    ]);
    const type = screen.getByLabelText('Art');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Arten', 'Karte', 'Überweisung', 'Bar', 'Rechnung', 'Sonstige', 'Geschenkgutschein']);
    expect(screen.getByTestId('accounts-export-hint').textContent).toBe('Wählen Sie Tage, um für die Buchhaltung zu exportieren');
  });

  it('lists and issues gift vouchers in German, the toast in German too', async () => {
    await speak('de');
    let vouchers = [BOUGHT_VOUCHER];
    answer(adminGiftVoucherEndpoints.list, () => ({ data: vouchers }));
    answer(adminGiftVoucherEndpoints.settings, { data: { validity_months: 12 } });
    answer(adminGiftVoucherEndpoints.create, ({ body }) => {
      const created = issuedVoucher(body);
      vouchers = [created, ...vouchers];
      return { data: created };
    });
    const { user } = renderScreen(<GiftVouchersPage />, { path: '/admin/gift-vouchers' });

    const row = await screen.findByRole('row', { name: /ABCD-EFGH-JKMN/ });
    expect(cells(row).slice(0, 5)).toEqual(['ABCD-EFGH-JKMN', 'Rita Recipient', '50,00 £', '20,00 £', 'Aktiv']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Code',
      'Empfänger',
      'Betrag',
      'Guthaben',
      'Status',
      'Ausgestellt',
      'Läuft ab',
    ]);

    const form = screen.getByRole('form', { name: 'Einen Geschenkgutschein ausstellen' });
    await user.type(within(form).getByLabelText('Betrag'), '30');
    await user.click(within(form).getByRole('button', { name: 'Geschenkgutschein ausstellen' }));
    // The shared rule's refusal, from the messages catalogue.
    expect(await within(form).findByText('Bitte geben Sie den Namen des Empfängers ein.')).toBeTruthy();

    await user.type(within(form).getByLabelText('Name des Empfängers'), 'Siegerteam');
    await user.click(within(form).getByRole('button', { name: 'Geschenkgutschein ausstellen' }));
    await findToast('Geschenkgutschein PQRS-TUVW-XYZ2 ausgestellt');
    expect(cells(await screen.findByRole('row', { name: /PQRS-TUVW-XYZ2/ }))).toContain('30,00 £');
  });

  it('shows one voucher’s ledger in French: the entries’ names from the shared rule, signed amounts in French money', async () => {
    await speak('fr');
    const detail: AdminGiftVoucherDetail = {
      ...BOUGHT_VOUCHER,
      currency: 'EUR',
      message: null,
      buyer_name: 'Bob Buyer',
      source: 'online',
      ledger: [
        { kind: 'issued', amount: 5_000, booking_id: null, booking_code: null, at: '2030-01-10T10:00:00.000Z' },
        { kind: 'redeemed', amount: -3_000, booking_id: 4, booking_code: 'GAME04', at: '2030-02-01T12:00:00.000Z' },
      ],
    };
    answer(adminGiftVoucherEndpoints.detail, { data: detail });
    renderScreen(<GiftVoucherDetailPage />, { path: '/admin/gift-vouchers/7', route: '/admin/gift-vouchers/:id' });

    expect(plain((await screen.findByRole('heading', { level: 1 })).textContent)).toBe('Bon cadeau ABCD-EFGH-JKMN Actif');
    expect(screen.getByText('Acheté en ligne par Bob Buyer')).toBeTruthy();
    const ledger = screen.getByRole('table', { name: 'Historique' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((r) => cells(r).slice(1, 4))).toEqual([
      ['Émis', '+50,00 €', '—'],
      ['Utilisé pour une réservation', '−30,00 €', 'GAME04'],
    ]);
  });

  it('lists promo codes in French (percent and money in French form) and says a refusal in French', async () => {
    await speak('fr');
    const summer: PromoCode = {
      id: 1,
      code: 'SUMMER10',
      percent_off: 10,
      amount_off: null,
      currency: null,
      valid_from: null,
      valid_until: null,
      max_uses: null,
      uses: 1500,
      plans: null,
      min_players: null,
      created_at: '2030-05-01T10:00:00.000Z',
    };
    const fiver: PromoCode = { ...summer, id: 2, code: 'FIVER', percent_off: null, amount_off: 2_550, currency: 'EUR', uses: 3, max_uses: 50 };
    answer(adminPromoCodesEndpoints.list, { data: [summer, fiver] });
    const { user } = renderScreen(<PromoCodesPage />, { path: '/admin/promo-codes' });

    expect(cells(await screen.findByRole('row', { name: /SUMMER10/ }))).toEqual([
      'SUMMER10',
      '10 %',
      '—',
      '—',
      '1 500 (sans limite)',
      'Tous les types de partie',
      '—',
    ]);
    expect(cells(screen.getByRole('row', { name: /FIVER/ })).slice(1, 5)).toEqual(['25,50 €', '—', '—', '3 / 50']);

    const form = screen.getByRole('form', { name: 'Nouveau code promo' });
    await user.type(within(form).getByLabelText('Code'), 'AUTUMN');
    await user.click(within(form).getByRole('button', { name: 'Créer le code promo' }));
    expect(await within(form).findByText('Veuillez indiquer soit un pourcentage, soit un montant de remise.')).toBeTruthy();
  });

  it('lists proposals in German with the lead’s status, the quote, German money and day, and sends one with a German toast', async () => {
    await speak('de');
    answer(adminProposalsEndpoints.list, { proposals: [PROPOSAL], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 1 } });
    answer(adminProposalsEndpoints.send, { proposal: { ...PROPOSAL, status: 'sent', sent_at: '2030-06-02T09:00:00.000Z' } });
    const { user } = renderScreen(<ProposalsPage />, { path: '/admin/proposals' });

    const row = await screen.findByTestId('proposal-3');
    expect(cells(row).slice(0, 6)).toEqual([
      '3',
      'Lena LeadLead: neu',
      'Standard, 1.200 Spieler, mit SpielleitungRabatt: -50 €',
      '18.050,50 €',
      '15. Juni 2030',
      'EntwurfVon Olga Office',
    ]);
    await user.click(within(row).getByRole('button', { name: 'Senden' }));
    await findToast('Angebot #3 an lena@example.test gesendet');
  });
});
