import type { Db } from '../../../platform/db/client';
import { addPricingHistory, assertBookingTransition, convertLead, stateOfRow, withBooking } from '../../booking';
import { ConflictError, NotFoundError } from '../../../platform/errors';
import { bookingPaths } from '../../../../shared/booking-links';
import { isHostedGame } from '../../../../shared/plans';
import { PROPOSAL_MESSAGES, type PublicProposal } from '../../../../shared/api/proposals';
import { isProposalExpired, PROPOSAL_ZONE } from '../../../../shared/proposals';
import { minorToUnits } from '../../../../shared/money';
import { todayIn } from '../../../../shared/time';
import { findByToken, findProposalByToken, lockByToken, markAccepted, withdrawOthers, type ProposalRow } from './proposal-repository';
import { proposalTerms } from '../proposal-terms';
import { releaseDiscountCode } from '../../commerce';

/** Only a booking not yet paid takes a quote (as staff's side rules). */
const QUOTABLE = new Set(['enquiry', 'lead']);

/** Why a proposal cannot be accepted now, as the customer reads it; null when it can. A draft was never sent: not found. */
function refusal(p: Pick<ProposalRow, 'status' | 'validUntil'>, today: string): Error | null {
  if (p.status === 'draft') return new NotFoundError(PROPOSAL_MESSAGES.notFound);
  if (p.status === 'withdrawn') return new ConflictError(PROPOSAL_MESSAGES.withdrawn);
  if (p.status === 'accepted') return new ConflictError(PROPOSAL_MESSAGES.alreadyAccepted);
  if (isProposalExpired({ status: p.status, valid_until: p.validUntil }, today)) return new ConflictError(PROPOSAL_MESSAGES.expired);
  return null;
}

/** The customer's view of a sent quote; an accepted one still shows, with the way on to the management page. */
export async function getPublicProposal(db: Db, token: string): Promise<PublicProposal> {
  const found = await findByToken(db, token);
  if (!found) throw new NotFoundError(PROPOSAL_MESSAGES.notFound);
  const { proposal: p, booking } = found;
  const accepted = p.status === 'accepted';
  if (!accepted) {
    const refused = refusal(p, todayIn(PROPOSAL_ZONE));
    if (refused) throw refused;
  }
  return {
    status: accepted ? 'accepted' : 'open',
    manage_path: accepted ? bookingPaths.manage(booking.manageKey) : null,
    full_name: booking.fullName,
    city: booking.city,
    date: booking.date,
    ...proposalTerms(p),
  };
}

/**
 * The customer accepts a sent, open quote (docs/decisions/0260-proposals.md): once, while valid and not withdrawn.
 * Through the booking write path (locked row, one version step, the booker's entry in the timeline): the quote's plan,
 * players, add-ons and prices become the booking's, with a pricing-history entry; the lead is converted ('Proposal
 * accepted', logged as a consequence with a history note) and the quote marked accepted; the booking's other open quotes are withdrawn. Answers the management page,
 * where the customer pays. Anything refused changes nothing.
 * The quote's price replaces the booking's whole price, a promo code's discount included (decision 0546): the customer
 * accepted the total the quote showed, which staff priced with its own lines (a discount is a negative line), so the
 * booking's promo discount is reset (no code, no discount) and the code's use given back, and every summary adds up.
 */
export async function acceptProposal(db: Db, token: string): Promise<{ manage_path: string }> {
  // The booking is read (and locked) by withBooking: only the proposal's booking id is needed first.
  const found = await findProposalByToken(db, token);
  if (!found) throw new NotFoundError(PROPOSAL_MESSAGES.notFound);
  const { result } = await withBooking(
    db,
    { id: found.bookingId },
    { actor: { source: 'booker' }, messages: { notFound: PROPOSAL_MESSAGES.notFound } },
    async (write) => {
      const { tx, row } = write;
      // Locked after the booking (every accept takes the booking first), so two clicks run one after the other.
      const p = await lockByToken(tx, token);
      if (!p) throw new NotFoundError(PROPOSAL_MESSAGES.notFound);
      const refused = refusal(p, todayIn(PROPOSAL_ZONE));
      if (refused) throw refused;
      if (!QUOTABLE.has(row.bookingStatus)) throw new ConflictError(PROPOSAL_MESSAGES.bookingPaid);
      // Accepting is the machine's accept_quote (docs/LIFECYCLE.md); a lead stays a lead.
      if (stateOfRow(row) !== 'lead') assertBookingTransition(row, 'lead', 'booker');
      const now = new Date();
      const before = {
        plan_type: row.planType,
        players: row.players,
        add_ons: row.addOns,
        price_per_person: minorToUnits(row.pricePerPersonMinor),
        total_price: minorToUnits(row.totalPriceMinor),
        discount_code: row.discountCode,
        discount_total: minorToUnits(row.discountTotalMinor),
        lead_status: row.leadStatus,
      };
      const after = {
        plan_type: p.planType,
        players: p.players,
        add_ons: p.addOns,
        price_per_person: minorToUnits(p.pricePerPersonMinor),
        total_price: minorToUnits(p.totalPriceMinor),
        discount_code: null,
        discount_total: 0,
        lead_status: 'converted',
      };
      await write.update({
        planType: p.planType,
        players: p.players,
        addOns: p.addOns,
        hosted: isHostedGame(p.planType, p.addOns),
        pricePerPersonMinor: p.pricePerPersonMinor,
        addOnsTotalMinor: p.addOnsTotalMinor,
        totalPriceMinor: p.totalPriceMinor,
        discountCode: null,
        discountTotalMinor: 0,
        bookingStatus: 'lead',
      });
      if (row.discountCode !== null) await releaseDiscountCode(tx, row.id);
      await addPricingHistory(tx, {
        bookingId: row.id,
        planType: p.planType,
        pricePerPersonMinor: p.pricePerPersonMinor,
        addOns: p.addOns,
        players: p.players,
        discountCode: null,
        discountTotalMinor: 0,
        totalPriceMinor: p.totalPriceMinor,
      });
      await convertLead(write, PROPOSAL_MESSAGES.acceptedReason, null);
      await markAccepted(tx, p.id, now);
      const withdrawn = await withdrawOthers(tx, row.id, p.id, now);
      write.audit({ fields: { section: 'proposal', proposal_id: p.id, before, after, ...(withdrawn.length ? { withdrawn_proposals: withdrawn } : {}) } });
      return { manage_path: bookingPaths.manage(row.manageKey) };
    },
  );
  return result;
}
