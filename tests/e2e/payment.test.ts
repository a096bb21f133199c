import { describe, expect, it } from 'vitest';
import { createBooking } from '../support/fixtures';
import { newPage, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { useStripeStandIn } from './support/stripe-journey';

/**
 * Issue 15: a booker pays a deposit. The server talks to the local Stripe stand-in; its hosted checkout page
 * posts the signed webhook to the server, then sends the browser back to the return page.
 */
const { env, stripe } = useStripeStandIn();

const j = useServerAndBrowser({
  env,
  seed: async (db) => {
    const row = await createBooking(db, { fullName: 'Penny Payer', players: 8, pricePerPersonMinor: 1500 });
    return { id: row.id, manageKey: row.manageKey };
  },
});

describe('paying online', () => {
  it('a booker pays the deposit from the management link and comes back to a paid booking', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    // The link a proposal or a mail gives: an unpaid booking shows its booking page, with the pay buttons.
    await page.goto(`/manage/${j.seed.manageKey}`);
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    expect(await page.getByTestId('balance-due').textContent()).toBe('£120.00');
    // A game in 2030: the balance is due 14 days before it.
    expect(await page.getByTestId('balance-due-date').textContent()).toBe('1 June 2030');
    expect(await page.getByTestId('due-on-booking').count()).toBe(0);
    await page.getByRole('button', { name: 'Pay deposit (£30.00)' }).click();

    // The provider's hosted page (the stand-in). Cancelling there comes back with nothing charged.
    await page.waitForURL(`${stripe().url}/pay/**`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByText('Payment cancelled: nothing was charged.').waitFor();
    await page.getByRole('button', { name: 'Pay deposit (£30.00)' }).click();

    // Paying there sends the signed webhook, then the browser back to the return page.
    await page.waitForURL(`${stripe().url}/pay/**`);
    expect(await page.getByTestId('amount').textContent()).toBe('30.00 GBP');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/manage\/[^/]+\/paid\?session_id=cs_test_/);
    await page.getByText('Payment received. Thank you!').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payment-result').textContent()).toContain('Payment received');

    // The management page of the paid game: the game code, and what is still due.
    await page.getByTestId('back-to-booking').click();
    await page.getByTestId('game-code').waitFor();
    await expect.poll(() => page.getByTestId('paid-amount').textContent(), { timeout: 10_000 }).toBe('£30.00');
    expect(await page.getByTestId('balance-due').textContent()).toBe('£90.00');
    expect(await page.getByRole('button', { name: 'Pay balance (£90.00)' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the staff payment form at Card where bookers pay by card (phone)', async () => {
    const { page, context, errors } = await j.staffPage(`/admin/bookings/${j.seed.id}`, { viewport: PHONE });
    const type = page.getByLabel('Payment type');
    await type.waitFor();
    expect(await type.inputValue()).toBe('card');
    expect(errors).toEqual([]);
    await context.close();
  });
});
