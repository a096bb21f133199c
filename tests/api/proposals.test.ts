import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookingChanges, bookings, contactHistory, pricingHistory } from '../../src/server/domains/booking/tables/bookings';
import { proposals } from '../../src/server/domains/proposals/tables/proposals';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { PROPOSAL_MESSAGES, proposalResponse, proposalsResponse, publicProposalResponse } from '../../src/shared/api/proposals';
import { timelineResponse } from '../../src/shared/api/booking-timeline';
import { PROPOSAL_ZONE } from '../../src/shared/proposals';
import { todayIn } from '../../src/shared/time';
import { bookingBody } from '../../scripts/booking-body';
import { promoCodes } from '../../src/server/domains/commerce/tables/promo-codes';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { priceBreakdown } from '../../src/shared/price-breakdown';

let t: TestApp;
let admin: Agent & { userId: number };
let customer: Agent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://hatch.example' });
  admin = await t.as('admin', { name: 'Quentin Quotes' });
  customer = await t.visitor();
});
afterAll(async () => t.close());

const today = () => todayIn(PROPOSAL_ZONE);
const inDays = (n: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const quote = (bookingId: number, overrides: Record<string, unknown> = {}) => ({
  booking_id: bookingId,
  plan_type: 'pro',
  players: 30,
  add_ons: ['hosted'],
  lines: [
    { label: 'Travel to Leeds', amount: 80 },
    { label: 'Loyal customer discount', amount: -50.5 },
  ],
  valid_until: inDays(14),
  ...overrides,
});
const proposalOf = (res: { json(): unknown }) => proposalResponse.parse(res.json()).proposal;
const tokenOf = (link: string) => decodeURIComponent(link.split('/proposal/')[1] ?? '');

async function sentProposal(overrides: Record<string, unknown> = {}, bookingOverrides: Parameters<typeof createBooking>[1] = {}) {
  const booking = await createBooking(t.db, { bookingStatus: 'lead', leadStatus: 'negotiating', ...bookingOverrides });
  const created = proposalOf(await admin.post('/api/admin/proposals', quote(booking.id, overrides)));
  const sent = proposalOf(await admin.post(`/api/admin/proposals/${created.id}/send`));
  return { booking, proposal: sent, token: tokenOf(sent.link) };
}

describe('staff make a proposal', () => {
  it('prices it from the price list in the booking currency, custom lines and a discount included', async () => {
    const booking = await createBooking(t.db, { bookingStatus: 'lead', currency: 'USD' });
    const res = await admin.post('/api/admin/proposals', quote(booking.id));
    expect(res.statusCode).toBe(201);
    const p = proposalOf(res);
    // USD price list: Weapons 25 per person, In-Person Host 380 (shared/prices.ts).
    expect(p).toMatchObject({
      status: 'draft',
      currency: 'USD',
      price_per_person: 25,
      add_ons_total: 380,
      lines_total: 29.5,
      total_price: 25 * 30 + 380 + 29.5,
      created_by_name: 'Quentin Quotes',
    });
    expect(tokenOf(p.link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [log] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.bookingId, booking.id), eq(activityLog.action, 'proposal.create')));
    expect(log?.actorId).toBe(admin.userId);
  });

  it('edits a draft, recomputing the total, and refuses to edit once sent', async () => {
    const booking = await createBooking(t.db, { bookingStatus: 'enquiry' });
    const draft = proposalOf(await admin.post('/api/admin/proposals', quote(booking.id)));
    const edited = proposalOf(
      await admin.put(`/api/admin/proposals/${draft.id}`, { plan_type: 'standard', players: 10, add_ons: [], lines: [], valid_until: inDays(3) }),
    );
    expect(edited).toMatchObject({ plan_type: 'standard', players: 10, total_price: 150, lines_total: 0 });
    await admin.post(`/api/admin/proposals/${draft.id}/send`);
    const again = await admin.put(`/api/admin/proposals/${draft.id}`, { plan_type: 'pro', players: 10, add_ons: [], lines: [], valid_until: inDays(3) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PROPOSAL_MESSAGES.onlyDraftEdited });
  });

  it('refuses a paid booking, a past valid-until date and a discount below zero, creating nothing', async () => {
    const { booking: paid } = await createPaidBooking(t.db);
    const lead = await createBooking(t.db, { bookingStatus: 'lead' });
    const cases = [
      [quote(paid.id), 'booking_id', PROPOSAL_MESSAGES.notALead],
      [quote(lead.id, { valid_until: inDays(-1) }), 'valid_until', PROPOSAL_MESSAGES.validUntilPast],
      [quote(lead.id, { lines: [{ label: 'Too generous', amount: -100_000 }] }), 'lines', PROPOSAL_MESSAGES.negativeTotal],
      [quote(999_999), 'booking_id', PROPOSAL_MESSAGES.bookingNotFound],
      [quote(lead.id, { valid_until: '2031-02-30' }), 'valid_until', PROPOSAL_MESSAGES.validUntilInvalid],
      [quote(lead.id, { lines: [{ label: 'Odd', amount: 1.234 }] }), 'lines.0.amount', PROPOSAL_MESSAGES.lineAmount],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/admin/proposals', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const rows = await t.db.select().from(proposals).where(eq(proposals.bookingId, lead.id));
    expect(rows).toEqual([]);
  });

  it('mails the quote with its link to the booker, in the booking mails', async () => {
    const { booking, proposal, token } = await sentProposal();
    expect(proposal.status).toBe('sent');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: booking.email, kind: 'proposal.sent' });
    expect(mails[0]?.text).toContain(`https://hatch.example/proposal/${token}`);
    expect(mails[0]?.text).toContain('Total: £929.50');
  });

  it('mails a German lead its quote in German, amounts and the day for de-DE (issue 38)', async () => {
    const { booking, token } = await sentProposal({}, { language: 'de', fullName: 'Jonas Weber' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
    const text = (mail?.text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Hallo Jonas Weber,');
    expect(text).toContain(`Hier ist unser Angebot für Ihre Chicken-Jagd in ${booking.city}.`);
    expect(text).toContain('Gesamt: 929,50 £');
    expect(text).toContain(`Nehmen Sie es online an und bezahlen Sie, um Ihr Spiel zu bestätigen:\nhttps://hatch.example/proposal/${token}`);
    expect(mail?.subject).toMatch(/^Ihr hatch-Angebot: 929,50\s£, gültig bis \S+, \d+\. \S+ 20\d\d$/);
    expect(mail?.html).toContain('Angebot ansehen und annehmen');
    expect(text).not.toContain('Here is our proposal');
  });

  it('lists proposals by status, expired ones apart', async () => {
    const open = await sentProposal();
    const old = await sentProposal();
    await t.db
      .update(proposals)
      .set({ validUntil: inDays(-2) })
      .where(eq(proposals.id, old.proposal.id));
    const sent = proposalsResponse.parse((await admin.get('/api/admin/proposals?status=sent&per_page=100')).json());
    const expired = proposalsResponse.parse((await admin.get('/api/admin/proposals?status=expired&per_page=100')).json());
    expect(sent.proposals.map((p) => p.id)).toContain(open.proposal.id);
    expect(sent.proposals.map((p) => p.id)).not.toContain(old.proposal.id);
    expect(expired.proposals.find((p) => p.id === old.proposal.id)).toMatchObject({ expired: true, status: 'sent' });
  });
});

describe('the customer accepts', () => {
  it('shows the quote, then accepting applies it to the booking through the write path and converts the lead', async () => {
    const { booking, proposal, token } = await sentProposal();
    const page = publicProposalResponse.parse((await customer.get(`/api/proposals/${token}`)).json()).proposal;
    expect(page).toMatchObject({ status: 'open', total_price: 929.5, plan_type: 'pro', players: 30, manage_path: null });

    const res = await customer.post(`/api/proposals/${token}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ manage_path: `/manage/${booking.manageKey}` });

    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({
      planType: 'pro',
      players: 30,
      addOns: ['hosted'],
      hosted: true,
      pricePerPersonMinor: 2_000,
      addOnsTotalMinor: 30_000,
      totalPriceMinor: 92_950,
      leadStatus: 'converted',
      leadStatusReason: 'Proposal accepted',
      version: booking.version + 1,
    });
    const [history] = await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, booking.id)).orderBy(desc(pricingHistory.id));
    expect(history).toMatchObject({ planType: 'pro', players: 30, totalPriceMinor: 92_950 });
    const notes = await t.db.select().from(contactHistory).where(eq(contactHistory.bookingId, booking.id));
    expect(notes.map((n) => n.note)).toContain('Lead status changed to converted: Proposal accepted');
    const [change] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(change).toMatchObject({ source: 'booker', fields: { section: 'proposal', proposal_id: proposal.id } });

    const listed = proposalOf(await admin.get(`/api/admin/proposals/${proposal.id}`));
    expect(listed).toMatchObject({ status: 'accepted', lead_status: 'converted' });
    expect(listed.accepted_at).not.toBeNull();

    // Staff read who did what, and when, in the booking's timeline.
    const timeline = timelineResponse.parse((await admin.get(`/api/admin/bookings/${booking.id}/timeline`)).json());
    const summaries = timeline.entries.map((e) => `${e.who}: ${e.summary}`);
    expect(summaries).toEqual(
      expect.arrayContaining([
        `Quentin Quotes: Drafted proposal #${proposal.id}`,
        `Quentin Quotes: Sent proposal #${proposal.id}`,
        `Booker: Accepted proposal #${proposal.id}`,
      ]),
    );

    // Revisiting the link leads on to the management page.
    const again = publicProposalResponse.parse((await customer.get(`/api/proposals/${token}`)).json()).proposal;
    expect(again).toMatchObject({ status: 'accepted', manage_path: `/manage/${booking.manageKey}` });
  });

  it("replaces a promo code's discount with the quote's price: no code, no discount, the use given back, and the figures add up (issue 35)", async () => {
    const code = `QUOTE${Date.now() % 100_000}`;
    expect((await admin.post('/api/admin/promo-codes', { code, percent_off: 10 })).statusCode).toBe(201);
    const made = await customer.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ date: inDays(40), players: 8, plan_type: 'standard', discount_code: code }),
      remoteAddress: '127.44.0.1',
    });
    expect(made.statusCode, made.body).toBe(201);
    const bookingId = Number(made.json().booking.id);
    expect(made.json().booking).toMatchObject({ discount_code: code, discount_total: 12 });
    const usesOf = async () => (await t.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]?.uses;
    expect(await usesOf()).toBe(1);

    const created = proposalOf(await admin.post('/api/admin/proposals', quote(bookingId)));
    const sent = proposalOf(await admin.post(`/api/admin/proposals/${created.id}/send`));
    expect((await customer.post(`/api/proposals/${tokenOf(sent.link)}/accept`)).statusCode).toBe(200);

    const staff = adminBookingResponse.parse((await admin.get(`/api/admin/bookings/${bookingId}`)).json()).booking;
    expect(staff).toMatchObject({ discount_code: null, discount_total: 0, total_price: 929.5 });
    expect(await usesOf()).toBe(0);
    const [history] = await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, bookingId)).orderBy(desc(pricingHistory.id));
    expect(history).toMatchObject({ discountCode: null, discountTotalMinor: 0, totalPriceMinor: 92_950 });
    // The summary every screen renders adds up to the quote's total, with no discount line left from the code.
    const lines = priceBreakdown(staff);
    expect(lines.some((l) => l.kind === 'discount')).toBe(false);
    const total = lines.find((l) => l.kind === 'total')?.amountMinor;
    const parts = lines.filter((l) => l.kind === 'list' || l.kind === 'adjustment').reduce((sum, l) => sum + l.amountMinor, 0);
    expect({ total, parts }).toEqual({ total: 92_950, parts: 92_950 });
  });

  it('refuses a second accept, an expired, a withdrawn, a draft and an unknown token, changing nothing', async () => {
    const twice = await sentProposal();
    expect((await customer.post(`/api/proposals/${twice.token}/accept`)).statusCode).toBe(200);
    const expired = await sentProposal();
    await t.db
      .update(proposals)
      .set({ validUntil: inDays(-1) })
      .where(eq(proposals.id, expired.proposal.id));
    const withdrawn = await sentProposal();
    expect(proposalOf(await admin.post(`/api/admin/proposals/${withdrawn.proposal.id}/withdraw`)).status).toBe('withdrawn');
    const draftBooking = await createBooking(t.db, { bookingStatus: 'lead' });
    const draft = proposalOf(await admin.post('/api/admin/proposals', quote(draftBooking.id)));

    const cases = [
      [twice.token, twice.booking.id, 409, PROPOSAL_MESSAGES.alreadyAccepted],
      [expired.token, expired.booking.id, 409, PROPOSAL_MESSAGES.expired],
      [withdrawn.token, withdrawn.booking.id, 409, PROPOSAL_MESSAGES.withdrawn],
      [tokenOf(draft.link), draftBooking.id, 404, PROPOSAL_MESSAGES.notFound],
      ['not-a-real-token', null, 404, PROPOSAL_MESSAGES.notFound],
    ] as const;
    for (const [token, bookingId, status, message] of cases) {
      const before = bookingId === null ? undefined : (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0];
      const res = await customer.post(`/api/proposals/${encodeURIComponent(token)}/accept`);
      expect({ token, status: res.statusCode, message: res.json().message }).toEqual({ token, status, message });
      if (bookingId !== null) {
        const [after] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
        expect(after).toEqual(before);
      }
    }
    // Nor can staff withdraw what is accepted, or send what is withdrawn.
    expect((await admin.post(`/api/admin/proposals/${twice.proposal.id}/withdraw`)).statusCode).toBe(409);
    expect((await admin.post(`/api/admin/proposals/${withdrawn.proposal.id}/send`)).statusCode).toBe(409);
  });

  it('refuses a quote once the booking is paid by other means', async () => {
    const { booking, token } = await sentProposal();
    await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 10_000 });
    const res = await customer.post(`/api/proposals/${token}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROPOSAL_MESSAGES.bookingPaid);
  });

  it("withdraws the booking's other open quotes on acceptance, and takes no new one after", async () => {
    const { booking, token } = await sentProposal();
    const other = proposalOf(await admin.post('/api/admin/proposals', quote(booking.id, { players: 40 })));
    const otherSent = proposalOf(await admin.post(`/api/admin/proposals/${other.id}/send`));
    expect((await customer.post(`/api/proposals/${token}/accept`)).statusCode).toBe(200);
    expect(proposalOf(await admin.get(`/api/admin/proposals/${other.id}`)).status).toBe('withdrawn');
    const late = await customer.post(`/api/proposals/${tokenOf(otherSent.link)}/accept`);
    expect({ status: late.statusCode, message: late.json().message }).toEqual({ status: 409, message: PROPOSAL_MESSAGES.withdrawn });
    const again = await admin.post('/api/admin/proposals', quote(booking.id));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.booking_id).toEqual([PROPOSAL_MESSAGES.bookingAccepted]);
  });

  it('lets two simultaneous accepts through only once', { tags: ['postgres'] }, async () => {
    const { booking, token } = await sentProposal();
    const other = await t.visitor();
    const results = await Promise.all([customer.post(`/api/proposals/${token}/accept`), other.post(`/api/proposals/${token}/accept`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const changes = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(changes).toHaveLength(1);
  });
});
