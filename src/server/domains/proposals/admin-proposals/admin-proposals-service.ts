import type { Db, DbOrTx } from '../../../platform/db/client';
import { recordActivity } from '../../identity';
import { randomToken } from '../../../platform/crypto';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Mailer } from '../../../platform/mail';
import { loadPriceTable, priceQuote } from '../../catalogue';
import { proposalMail } from '../proposal-mail';
import { isCurrency } from '../../../../shared/plans';
import { PROPOSAL_MESSAGES, type CreateProposalBody, type Proposal, type UpdateProposalBody } from '../../../../shared/api/proposals';
import { isProposalExpired, proposalPath, PROPOSAL_ZONE, quoteLinesAnswer } from '../../../../shared/proposals';
import { minorToUnits, toMinorUnits } from '../../../../shared/money';
import { todayIn } from '../../../../shared/time';
import type { ProposalListStatus } from '../../../../shared/api/proposals';
import {
  findBookingForProposal,
  findProposal,
  hasAcceptedProposal,
  insertProposal,
  listCondition,
  listProposals,
  lockProposal,
  updateProposal,
  type ProposalListRow,
  type ProposalRow,
} from './admin-proposals-repository';
import { proposalTerms } from '../proposal-terms';

type Deps = { db: Db; baseUrl: string };
type Actor = { id: number };

/** Only a booking not yet paid takes a quote: a paid, completed or cancelled one is past the sales conversation. */
const QUOTABLE = new Set(['enquiry', 'lead']);

function toProposal(row: ProposalListRow, baseUrl: string, today: string): Proposal {
  const p = row.proposal;
  return {
    id: p.id,
    booking_id: row.booking.id,
    booking_name: row.booking.fullName,
    booking_email: row.booking.email,
    booking_status: row.booking.bookingStatus,
    lead_status: row.booking.leadStatus,
    status: p.status,
    expired: isProposalExpired({ status: p.status, valid_until: p.validUntil }, today),
    ...proposalTerms(p),
    link: `${baseUrl.replace(/\/+$/, '')}${proposalPath(p.token)}`,
    created_by_name: row.createdByName,
    created_at: p.createdAt.toISOString(),
    sent_at: p.sentAt?.toISOString() ?? null,
    accepted_at: p.acceptedAt?.toISOString() ?? null,
    withdrawn_at: p.withdrawnAt?.toISOString() ?? null,
  };
}

async function answer(db: DbOrTx, deps: Deps, id: number): Promise<Proposal> {
  const row = await findProposal(db, id);
  if (!row) throw new NotFoundError(PROPOSAL_MESSAGES.notFound);
  return toProposal(row, deps.baseUrl, todayIn(PROPOSAL_ZONE));
}

/** Plan, players, add-ons and lines priced from the price list in the booking's currency; the client's figures are never read. */
async function priced(db: DbOrTx, currency: string, body: UpdateProposalBody) {
  if (!isCurrency(currency)) throw ValidationError.field('booking_id', PROPOSAL_MESSAGES.notALead);
  if (body.valid_until < todayIn(PROPOSAL_ZONE)) throw ValidationError.field('valid_until', PROPOSAL_MESSAGES.validUntilPast);
  const table = await loadPriceTable(db, currency);
  // The request's amounts (currency units, at most two decimals: the schema checked) cross to minor units here.
  const lines = body.lines.map((l) => ({ label: l.label, amountMinor: toMinorUnits(l.amount) }));
  const price = priceQuote(table, { planType: body.plan_type, addOns: body.add_ons, players: body.players, lines });
  if (price.totalPriceMinor < 0) throw ValidationError.field('lines', PROPOSAL_MESSAGES.negativeTotal);
  return {
    planType: body.plan_type,
    players: body.players,
    addOns: [...body.add_ons],
    lines,
    currency,
    pricePerPersonMinor: price.pricePerPersonMinor,
    addOnsTotalMinor: price.addOnsTotalMinor,
    linesTotalMinor: price.linesTotalMinor,
    totalPriceMinor: price.totalPriceMinor,
    validUntil: body.valid_until,
  };
}

/** What the log keeps of a quote: enough to read in the timeline what was offered. */
function logged(p: Pick<ProposalRow, 'id' | 'planType' | 'players' | 'addOns' | 'lines' | 'currency' | 'totalPriceMinor' | 'validUntil' | 'status'>) {
  return {
    proposal_id: p.id,
    plan_type: p.planType,
    players: p.players,
    add_ons: p.addOns,
    lines: quoteLinesAnswer(p.lines),
    currency: p.currency,
    total_price: minorToUnits(p.totalPriceMinor),
    valid_until: p.validUntil,
    status: p.status,
  };
}

export async function createProposal(deps: Deps, actor: Actor, body: CreateProposalBody): Promise<Proposal> {
  return deps.db.transaction(async (tx) => {
    const booking = await findBookingForProposal(tx, body.booking_id);
    if (!booking) throw ValidationError.field('booking_id', PROPOSAL_MESSAGES.bookingNotFound);
    if (!QUOTABLE.has(booking.bookingStatus)) throw ValidationError.field('booking_id', PROPOSAL_MESSAGES.notALead);
    if (await hasAcceptedProposal(tx, booking.id)) throw ValidationError.field('booking_id', PROPOSAL_MESSAGES.bookingAccepted);
    const values = await priced(tx, booking.currency, body);
    const row = await insertProposal(tx, { ...values, bookingId: booking.id, token: randomToken(32), status: 'draft', createdBy: actor.id });
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'proposal.create',
      entityType: 'proposal',
      entityId: row.id,
      bookingId: booking.id,
      after: logged(row),
    });
    return answer(tx, deps, row.id);
  });
}

async function locked(tx: DbOrTx, id: number): Promise<ProposalRow> {
  const row = await lockProposal(tx, id);
  if (!row) throw new NotFoundError(PROPOSAL_MESSAGES.notFound);
  return row;
}

export async function updateDraft(deps: Deps, actor: Actor, id: number, body: UpdateProposalBody): Promise<Proposal> {
  return deps.db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.status !== 'draft') throw new ConflictError(PROPOSAL_MESSAGES.onlyDraftEdited);
    const values = await priced(tx, row.currency, body);
    await updateProposal(tx, id, values);
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'proposal.update',
      entityType: 'proposal',
      entityId: id,
      bookingId: row.bookingId,
      before: logged(row),
      after: logged({ ...row, ...values }),
    });
    return answer(tx, deps, id);
  });
}

/**
 * Mails the quote with its link (a sent one may be sent again: the same link) and marks it sent. The mail is queued
 * in the same transaction, with the booking's id, so it leaves only if the change commits and shows in the booking.
 */
export async function sendProposal(deps: Deps & { mail: Mailer }, actor: Actor, id: number): Promise<Proposal> {
  return deps.db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.status !== 'draft' && row.status !== 'sent') throw new ConflictError(PROPOSAL_MESSAGES.cannotSend);
    if (row.validUntil < todayIn(PROPOSAL_ZONE)) throw new ConflictError(PROPOSAL_MESSAGES.expired);
    const booking = await findBookingForProposal(tx, row.bookingId);
    if (!booking || !QUOTABLE.has(booking.bookingStatus)) throw new ConflictError(PROPOSAL_MESSAGES.bookingPaid);
    await deps.mail.queue(tx, {
      ...proposalMail(
        {
          email: booking.email,
          fullName: booking.fullName,
          city: booking.city,
          planType: row.planType,
          players: row.players,
          addOns: row.addOns,
          lines: row.lines,
          currency: row.currency,
          pricePerPersonMinor: row.pricePerPersonMinor,
          totalPriceMinor: row.totalPriceMinor,
          validUntil: row.validUntil,
          token: row.token,
          language: booking.language,
        },
        deps.baseUrl,
      ),
      bookingId: row.bookingId,
    });
    await updateProposal(tx, id, { status: 'sent', sentAt: new Date() });
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'proposal.send',
      entityType: 'proposal',
      entityId: id,
      bookingId: row.bookingId,
      before: { status: row.status },
      after: { proposal_id: id, status: 'sent', to: booking.email },
    });
    return answer(tx, deps, id);
  });
}

export async function withdrawProposal(deps: Deps, actor: Actor, id: number): Promise<Proposal> {
  return deps.db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.status !== 'draft' && row.status !== 'sent') throw new ConflictError(PROPOSAL_MESSAGES.cannotWithdraw);
    await updateProposal(tx, id, { status: 'withdrawn', withdrawnAt: new Date() });
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'proposal.withdraw',
      entityType: 'proposal',
      entityId: id,
      bookingId: row.bookingId,
      before: { status: row.status },
      after: { proposal_id: id, status: 'withdrawn' },
    });
    return answer(tx, deps, id);
  });
}

export function getProposal(deps: Deps, id: number): Promise<Proposal> {
  return answer(deps.db, deps, id);
}

export async function listAll(deps: Deps, query: { status: ProposalListStatus; booking_id?: number | undefined; page: number; per_page: number }) {
  const today = todayIn(PROPOSAL_ZONE);
  const where = listCondition({ status: query.status, bookingId: query.booking_id, today });
  const { rows, total } = await listProposals(deps.db, where, { page: query.page, perPage: query.per_page });
  return {
    proposals: rows.map((r) => toProposal(r, deps.baseUrl, today)),
    pagination: { current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.per_page)), per_page: query.per_page, total },
  };
}
