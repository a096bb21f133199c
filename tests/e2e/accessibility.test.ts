import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { contactHistory, pricingHistory } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { proposals } from '../../src/server/domains/proposals/tables/proposals';
import { giftVouchers } from '../../src/server/domains/commerce/tables/gift-vouchers';
import { users } from '../../src/server/domains/identity/tables/users';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { signIn } from './support/app-server';
import { newPage } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { expectNoSeriousA11yViolations } from './wizard-support';

/**
 * Every page of the product through axe-core: 0 serious or critical violations. Here: the login page, every admin page
 * (booking detail, challenge form, users, activity, the overviews and section pages, promo codes and gift vouchers), the
 * booker's pages by code and the gift voucher pages (buying one, the printable voucher).
 * Checked where their journeys already stand on them: the public wizard's five steps on a desktop and on a phone
 * (wizard.test.ts), the bookings list's four views with their data and the create-booking wizard's steps
 * (admin-bookings.test.ts), and the player app's live game, which needs a live game to show: the Challenges tab with
 * its 'Take a photo' buttons (challenges-play.test.ts), the hunt (hunt.test.ts) and turning location on
 * (late-joiner-location.test.ts).
 */
const j = useServerAndBrowser({
  seed: async (db) => {
    const enquiry = await createBooking(db, { fullName: 'Ada Enquiry', companyName: 'Acme Ltd', bookingStatus: 'lead', leadStatus: 'contacted' });
    await db.insert(contactHistory).values({ bookingId: enquiry.id, type: 'phone', note: 'Called about a date' });
    const paid = await createPaidBooking(db, {
      fullName: 'Pat Paid',
      hosted: true,
      addOns: ['hosted'],
      planType: 'pro',
      meetingPointAddress: 'Trafalgar Square',
      meetingPointStatus: 'confirmed',
      utmSource: 'instagram',
    });
    await db
      .insert(pricingHistory)
      .values({ bookingId: paid.booking.id, planType: 'pro', pricePerPersonMinor: 2000, addOns: ['hosted'], players: 8, totalPriceMinor: 46_000 });
    await db.insert(bookingPayments).values({ bookingId: paid.booking.id, paymentType: 'bank', paymentAmount: 5_000 });
    // A sent quote for the lead, as the customer opens it from the mail.
    const proposalToken = 'a11y-proposal-token-0123456789abcdefghijklmnop';
    await db.insert(proposals).values({
      bookingId: enquiry.id,
      token: proposalToken,
      status: 'sent',
      planType: 'pro',
      players: 30,
      addOns: ['hosted'],
      lines: [{ label: 'Loyalty discount', amountMinor: -5_000 }],
      currency: 'GBP',
      pricePerPersonMinor: 2000,
      addOnsTotalMinor: 30_000,
      linesTotalMinor: -5_000,
      totalPriceMinor: 85_000,
      validUntil: '2099-12-31',
      sentAt: new Date(),
    });
    // A host besides the signed-in admin: the users page shows their 'Edit roles' and 'Remove roles' buttons.
    await db.insert(users).values({ name: 'Holly Host', email: 'holly@e2e.test', isHost: true });
    // One of the reference challenges, for its edit form.
    const [challenge] = await db.select({ id: challenges.id }).from(challenges).orderBy(asc(challenges.id)).limit(1);
    if (!challenge) throw new Error('no challenge seeded');
    // An issued gift voucher, for staff's detail page and its printable page (issue 32).
    const voucherToken = 'a11y-voucher-token-0123456789abcdefghijklmnop';
    const [voucher] = await db
      .insert(giftVouchers)
      .values({
        token: voucherToken,
        code: 'ABCDEFGHJKMN',
        amount: 5_000,
        balance: 5_000,
        currency: 'GBP',
        recipientName: 'Ada Enquiry',
        message: 'Happy hunting!',
        source: 'staff',
        issuedAt: new Date(),
        expiresAt: new Date(Date.now() + 365 * 24 * 3_600_000),
      })
      .returning({ id: giftVouchers.id });
    if (!voucher) throw new Error('no voucher seeded');
    return {
      enquiryId: enquiry.id,
      tempCode: enquiry.tempCode,
      manageKey: enquiry.manageKey,
      paidId: paid.booking.id,
      gameCode: paid.gameCode,
      proposalToken,
      challengeId: challenge.id,
      voucherId: voucher.id,
      voucherToken,
    };
  },
});

/** A signed-in staff tab that has not loaded anything yet, map tiles refused. */
async function staffTab() {
  const opened = await newPage(j.browser, j.server.url);
  await signIn(opened.context, j.server);
  return opened;
}

/** A page is checked once it has its heading and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1, h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
}

async function check(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await settled(page);
  await expectNoSeriousA11yViolations(page, pathname);
}

describe('accessibility of every page (axe-core, no serious or critical violations)', () => {
  // Each group of pages is its own test (one axe pass a page). The bookings list's views: admin-bookings.test.ts.
  const ADMIN_PAGES: Record<string, () => string[]> = {
    'the bookings pages': () => [`/admin/bookings/${j.seed.paidId}`, `/admin/bookings/${j.seed.enquiryId}`],
    // The users page: its own test below, with a host's buttons on screen.
    'the challenges, activity and mail pages': () => [
      '/admin/challenges',
      '/admin/challenges/create',
      `/admin/challenges/${j.seed.challengeId}/edit`,
      '/admin/activity',
      '/admin/mail',
    ],
    'the game, payment and play pages': () => [
      '/admin/games',
      '/admin/teams',
      '/admin/payments',
      '/admin/submissions',
      '/admin/proposals',
      '/admin/scoring',
      '/admin/markers',
      '/admin/settings',
    ],
    'the promo code and gift voucher pages': () => ['/admin/promo-codes', '/admin/gift-vouchers', `/admin/gift-vouchers/${j.seed.voucherId}`],
  };
  for (const [group, pages] of Object.entries(ADMIN_PAGES)) {
    it(`every admin page: ${group}`, async () => {
      const { page, context, errors } = await staffTab();
      for (const pathname of pages()) await check(page, pathname);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("names the users page's buttons by the words they show: 'Remove roles' is 'Remove roles of …' (label-content-name-mismatch)", async () => {
    const { page, context, errors } = await staffTab();
    await page.goto('/admin/users');
    await settled(page);
    // Speech input users say what they see: the name starts with the visible text (axe's rule is on in support/axe.ts).
    const remove = page.getByRole('row', { name: /holly@e2e\.test/ }).getByRole('button', { name: 'Remove roles of Holly Host', exact: true });
    expect(await remove.textContent()).toBe('Remove roles');
    await expectNoSeriousA11yViolations(page, '/admin/users');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the login page, the booker's pages by temporary and game code, a proposal's page and the gift voucher pages", async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await check(page, '/login');
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await expectNoSeriousA11yViolations(page, '/login with messages');
    await check(page, `/hatch/${j.seed.tempCode}`);
    await check(page, `/manage/${j.seed.manageKey}`);
    await check(page, `/booking/${j.seed.gameCode}`);
    await check(page, `/proposal/${j.seed.proposalToken}`);
    await check(page, '/gift-vouchers');
    await check(page, `/gift-vouchers/${j.seed.voucherToken}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('booking detail: plan and pricing', () => {
  it('shows the pricing history as a table with headers, labels and space between the columns', async () => {
    const { page, context, errors } = await j.staffPage(`/admin/bookings/${j.seed.paidId}`);
    const table = page.getByRole('table', { name: 'Pricing history' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['When', 'Plan', 'Per person', 'Players', 'Add-ons', 'Total']);
    const cells = table.getByRole('row').nth(1).getByRole('cell');
    expect((await cells.allTextContents()).slice(1)).toEqual(['Weapons', '£20', '8', 'In-Person Host', '£460']);
    // The text of each cell ends well before the next one starts (the columns used to run together).
    const gaps = await table.evaluate((el) =>
      [...el.querySelectorAll('tr')].flatMap((tr) => {
        const boxes = [...tr.children].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect();
        });
        return boxes.slice(1).map((box, i) => box.left - boxes[i]!.right);
      }),
    );
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12);
    expect(errors).toEqual([]);
    await context.close();
  });
});
