import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { giftVoucherEndpoints as ep } from '../../src/shared/api/endpoints/gift-vouchers';
import type { PublicGiftVoucher } from '../../src/shared/api/gift-vouchers';
import { GIFT_VOUCHER_MESSAGES, voucherAmountMessage } from '../../src/shared/commerce/gift-vouchers';
import { BuyGiftVoucherPage } from '../../src/web/features/gift-vouchers/buy-page';
import { GiftVoucherPage } from '../../src/web/features/gift-vouchers/voucher-page';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/** The public gift voucher pages on their own (issue 32): buying one, and its printable page. Journeys: tests/e2e/discount-and-voucher.test.ts. */

const ACTIVE: PublicGiftVoucher = {
  code: 'ABCDEFGHJKMN',
  amount: 5_000,
  balance: 2_000,
  currency: 'GBP',
  recipient_name: 'Rita Recipient',
  message: 'Happy birthday!\nHave fun.',
  expires_at: '2027-11-27T23:59:59.999Z',
  status: 'active',
};

// window.location.assign is the browser leaving for the provider's page: the test keeps where it was sent.
const assigned: string[] = [];
beforeEach(() => {
  assigned.length = 0;
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void assigned.push(String(url)));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function openBuy() {
  return renderScreen(<BuyGiftVoucherPage />, { path: '/gift-vouchers' });
}

describe('/gift-vouchers: buying a voucher (component)', () => {
  it('sends the amount in pence with the details, and goes to the checkout page the server gives', async () => {
    const { user } = openBuy();
    answer(ep.buy, { data: { token: 'tok-1', status: 'pending' }, checkout_url: 'https://pay.example.test/cs_1' });
    const form = screen.getByRole('form', { name: 'Buy a gift voucher' });
    expect(screen.getByTestId('voucher-worth').textContent).toBe('From £5.00 to £1,000.00.');
    await user.type(within(form).getByLabelText('Amount'), '75.5');
    await user.selectOptions(within(form).getByLabelText('Currency'), 'EUR');
    expect(screen.getByTestId('voucher-worth').textContent).toBe('A gift voucher worth €75.50');
    await user.type(within(form).getByLabelText("Recipient's name"), 'Rita Recipient');
    await user.type(within(form).getByLabelText('Message (optional)'), 'Enjoy!');
    await user.type(within(form).getByLabelText('Your name'), 'Bob Buyer');
    await user.type(within(form).getByLabelText('Your email'), 'bob@example.test');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));

    await vi.waitFor(() => expect(assigned).toEqual(['https://pay.example.test/cs_1']));
    expect(callsTo(ep.buy).map((c) => c.body)).toEqual([
      { amount: 7_550, currency: 'EUR', recipient_name: 'Rita Recipient', message: 'Enjoy!', buyer_name: 'Bob Buyer', buyer_email: 'bob@example.test' },
    ]);
  });

  it('refuses missing names, then an amount out of range in its currency, on their fields before asking the server', async () => {
    const { user } = openBuy();
    const form = screen.getByRole('form', { name: 'Buy a gift voucher' });
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await within(form).findByText(GIFT_VOUCHER_MESSAGES.recipientName);
    expect(within(form).getByText(GIFT_VOUCHER_MESSAGES.buyerName)).toBeTruthy();
    expect(within(form).getByLabelText("Recipient's name").getAttribute('aria-invalid')).toBe('true');
    await user.type(within(form).getByLabelText("Recipient's name"), 'Rita');
    await user.type(within(form).getByLabelText('Your name'), 'Bob');
    await user.type(within(form).getByLabelText('Your email'), 'bob@example.test');
    await user.type(within(form).getByLabelText('Amount'), '2000');
    await user.selectOptions(within(form).getByLabelText('Currency'), 'USD');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await within(form).findByText(voucherAmountMessage('USD'));
    expect(voucherAmountMessage('USD')).toBe('Please choose an amount from $5.00 to $1,000.00.');
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(ep.buy)).toEqual([]);
  });

  it("puts the server's 422 on its field, and says a refusal without fields under the button", async () => {
    const { user } = openBuy();
    answer(ep.buy, failWith(422, 'The given data was invalid.', 'validation_failed', { buyer_email: ['Please enter a valid email address'] }));
    const form = screen.getByRole('form', { name: 'Buy a gift voucher' });
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.type(within(form).getByLabelText("Recipient's name"), 'Rita');
    await user.type(within(form).getByLabelText('Your name'), 'Bob');
    await user.type(within(form).getByLabelText('Your email'), 'bob@example.test');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await within(form).findByText('Please enter a valid email address');
    expect(within(form).getByLabelText('Your email').getAttribute('aria-invalid')).toBe('true');
    await findToast('The given data was invalid.');

    answer(ep.buy, failWith(409, GIFT_VOUCHER_MESSAGES.noProvider, 'conflict'));
    await user.clear(within(form).getByLabelText('Your email'));
    await user.type(within(form).getByLabelText('Your email'), 'bob@example.org');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await within(form).findByText(new RegExp(GIFT_VOUCHER_MESSAGES.noProvider.replace(/[.:]/g, '.')));
    expect(assigned).toEqual([]);
  });
});

function openVoucher(voucher: PublicGiftVoucher | ((call: number) => PublicGiftVoucher)) {
  answer(ep.show, ({ call }) => ({ data: typeof voucher === 'function' ? voucher(call) : voucher }));
  return renderScreen(<GiftVoucherPage />, { path: '/gift-vouchers/tok-1', route: '/gift-vouchers/:token' });
}

describe('/gift-vouchers/{token}: the printable voucher (component)', () => {
  it('shows the code big, the amount, the balance left, the recipient, the message and the last day in words; Print prints', async () => {
    // happy-dom has no print dialog: the browser's window.print, stood in for.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = openVoucher(ACTIVE);
    expect((await screen.findByTestId('voucher-code')).textContent).toBe('ABCD-EFGH-JKMN');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gift voucher for Rita Recipient');
    expect(screen.getByTestId('voucher-amount').textContent).toBe('£50.00');
    expect(screen.getByTestId('voucher-balance').textContent).toBe('£20.00');
    expect(screen.getByTestId('voucher-expires').textContent).toBe('27 November 2027');
    expect(screen.getByText(/Happy birthday!/).textContent).toBe('“Happy birthday!\nHave fun.”');
    expect(screen.queryByTestId('voucher-status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // Printed, the header and the button are left out.
    expect(screen.getByTestId('brand-header').parentElement?.className).toContain('print:hidden');
    expect(screen.getByRole('button', { name: 'Print' }).parentElement?.className).toContain('print:hidden');
  });

  it('says a pending payment is not confirmed yet, with no code, and shows the voucher once it is paid', async () => {
    // The page asks again every 2 s: the test moves the clock rather than waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    openVoucher((call) => (call === 1 ? { ...ACTIVE, status: 'pending', code: null, expires_at: null, balance: 5_000 } : ACTIVE));
    expect((await screen.findByTestId('voucher-status')).textContent).toBe('Your payment is not confirmed yet. This page shows the voucher as soon as it is.');
    expect(screen.queryByTestId('voucher-code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    // The server asks the provider meanwhile; the page's next ask finds the voucher paid.
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await screen.findByTestId('voucher-code')).textContent).toBe('ABCD-EFGH-JKMN');
    expect(screen.queryByTestId('voucher-status')).toBeNull();
  });

  it("after the provider's Cancel, says nothing was charged and leads back to buying one", async () => {
    answer(ep.show, { data: { ...ACTIVE, status: 'pending', code: null, expires_at: null, balance: 5_000 } });
    renderScreen(<GiftVoucherPage />, { path: '/gift-vouchers/tok-1?payment=cancelled', route: '/gift-vouchers/:token' });
    expect((await screen.findByTestId('voucher-status')).textContent).toBe('Payment cancelled: nothing was charged.');
    expect(screen.getByRole('link', { name: 'Buy a gift voucher' }).getAttribute('href')).toBe('/gift-vouchers');
  });

  it('says a used-up voucher is used, with its balance', async () => {
    openVoucher({ ...ACTIVE, status: 'used', balance: 0 });
    expect((await screen.findByTestId('voucher-status')).textContent).toBe('This gift voucher has been used up.');
    expect(screen.getByTestId('voucher-balance').textContent).toBe('£0.00');
  });

  it("an unknown token is the app's not-found page", async () => {
    answer(ep.show, failWith(404, GIFT_VOUCHER_MESSAGES.notFound, 'not_found'));
    renderScreen(<GiftVoucherPage />, { path: '/gift-vouchers/nope', route: '/gift-vouchers/:token' });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Book a game' }).getAttribute('href')).toBe('/');
  });
});
