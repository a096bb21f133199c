import { describe, expect, it } from 'vitest';
import { describeBookerChange, describeFields, describeMail, describeStaffAction, mailKindLabel, mailStatusLabel, type DescribeContext } from './describe';

const london: DescribeContext = { currency: 'GBP', timeZone: 'Europe/London', userName: (id) => (id === 7 ? 'Hana Host' : undefined) };
const dollars: DescribeContext = { currency: 'USD', timeZone: 'America/New_York' };

describe('describeStaffAction', () => {
  it('reads a snake_case before and a camelCase after as one field, in words', () => {
    const d = describeStaffAction(
      'booking.meeting_point',
      { meeting_point_address: '1 Old St', meeting_point_status: 'requested', meeting_point_owner: 'booker' },
      { meetingPointAddress: '2 New St', meetingPointStatus: 'confirmed', meetingPointOwner: 'admin' },
      london,
    );
    expect(d).toEqual({
      summary: 'Set the meeting point',
      changes: [
        { label: 'Meeting point', before: '1 Old St', after: '2 New St' },
        { label: 'Meeting point status', before: 'Requested', after: 'Confirmed' },
        { label: 'Meeting point set by', before: 'Booker', after: 'Staff' },
      ],
    });
  });

  it('shows a date change as one date and time in the booking zone', () => {
    const d = describeStaffAction(
      'booking.date_time',
      { utcDateTime: '2031-06-14T14:00:00.000Z', timezone: 'Europe/London', date: '2031-06-14', meeting_time: { hour: 15, minute: 0 } },
      { utcDateTime: '2031-06-21T17:30:00.000Z', timezone: 'Europe/London', date: '2031-06-21', meetingTime: { hour: 18, minute: 30 } },
      london,
    );
    expect(d.summary).toBe('Changed the date and time');
    expect(d.changes).toEqual([{ label: 'Date and time', before: 'Sat 14 Jun 2031, 15:00 (London)', after: 'Sat 21 Jun 2031, 18:30 (London)' }]);
  });

  it('formats a payment from pence in the booking currency and hides bookkeeping keys', () => {
    const d = describeStaffAction(
      'payment.record',
      { booking_status: 'lead' },
      { booking_status: 'paid', payment_type: 'bank_transfer', payment_amount: 12_050, game_code: 'ABC123', created_game: true },
      dollars,
    );
    expect(d.summary).toBe('Recorded a bank transfer payment of $120.50');
    expect(d.changes).toEqual([
      { label: 'Booking status', before: 'Lead', after: 'Paid' },
      { label: 'Payment method', before: null, after: 'Bank transfer' },
      { label: 'Amount', before: null, after: '$120.50' },
      { label: 'Game code', before: null, after: 'ABC123' },
    ]);
    expect(JSON.stringify(d)).not.toMatch(/created_game|12050|true/);
  });

  it('names hosts, lead statuses, locks and weapons in words', () => {
    expect(describeStaffAction('booking.assign_host', { assigned_host_id: null }, { assignedHostId: 7 }, london)).toEqual({
      summary: 'Assigned Hana Host as host',
      changes: [{ label: 'Host', before: null, after: 'Hana Host' }],
    });
    expect(describeStaffAction('booking.lead_status', { lead_status: 'new' }, { lead_status: 'lost', lead_status_reason: 'Too dear' }, london).summary).toBe(
      'Changed the lead status to Lost',
    );
    expect(describeStaffAction('booking.locks', { teams: false, chicken: true, host: false }, { teams: true, chicken: false, host: false }, london)).toEqual({
      summary: 'Locked Teams; unlocked Chicken',
      changes: [],
    });
    expect(describeStaffAction('game.weapons', { weapons_on: false }, { weapons_on: true }, london)).toEqual({
      summary: 'Turned weapons on',
      changes: [{ label: 'Weapons', before: 'Off', after: 'On' }],
    });
    expect(describeStaffAction('game.start', { has_live_instance: false }, { has_live_instance: true, instance_id: 4 }, london)).toEqual({
      summary: 'Started the game',
      changes: [],
    });
  });

  it('reads a created booking with its plan and add-ons by name', () => {
    const d = describeStaffAction(
      'booking.create',
      null,
      { booking_status: 'lead', players: 12, plan_type: 'pro', add_ons: ['hosted'], date: '2031-06-14' },
      london,
    );
    expect(d.summary).toBe('Created the booking');
    expect(d.changes).toEqual([
      { label: 'Booking status', before: null, after: 'Lead' },
      { label: 'Date and time', before: null, after: 'Sat 14 Jun 2031' },
      { label: 'Players', before: null, after: '12' },
      { label: 'Plan', before: null, after: 'Weapons' },
      { label: 'Add-ons', before: null, after: 'In-Person Host' },
    ]);
  });

  it('still reads an action it was never taught as a sentence with labelled fields', () => {
    const d = describeStaffAction('payment.refund', { booking_status: 'paid' }, { booking_status: 'lead', refund_amount: 5_000, reason: 'Cancelled' }, london);
    expect(d).toEqual({
      summary: 'Payment: refund',
      changes: [
        { label: 'Booking status', before: 'Paid', after: 'Lead' },
        { label: 'Reason', before: null, after: 'Cancelled' },
        { label: 'Refund amount', before: null, after: '£50.00' },
      ],
    });
    expect(describeStaffAction('booking.mail_sent', null, { to: 'a@b.test', kind: 'booking.payment_received' }, london)).toEqual({
      summary: 'Booking: mail sent',
      changes: [
        { label: 'Mail', before: null, after: 'Payment received' },
        { label: 'To', before: null, after: 'a@b.test' },
      ],
    });
    expect(describeStaffAction('mail.resend', null, { mail_id: 9, resent_mail_id: 3, kind: 'booking_confirmation', to: 'a@b.test' }, london)).toEqual({
      summary: "Resent the mail 'Booking confirmation' to a@b.test",
      changes: [],
    });
    expect(describeStaffAction('booking.something_new', null, { nested: { a_b: 1, c: 'x' } }, london).changes).toEqual([
      { label: 'Nested', before: null, after: 'A b: 1; C: x' },
    ]);
  });
});

describe('describeBookerChange', () => {
  it('reads the public edit {field: {from, to}} with labels and formatted values', () => {
    const d = describeBookerChange(
      {
        players: { from: 8, to: 12 },
        meeting_time: { from: { hour: 15, minute: 0 }, to: { hour: 16, minute: 30 } },
        plan_type: { from: 'standard', to: 'pro' },
      },
      london,
    );
    expect(d).toEqual({
      summary: 'Changed date and time, players, plan',
      changes: [
        { label: 'Date and time', before: '15:00', after: '16:30' },
        { label: 'Players', before: '8', after: '12' },
        { label: 'Plan', before: 'Standard', after: 'Weapons' },
      ],
    });
  });

  it('reads each section of the booker page', () => {
    expect(describeBookerChange({ section: 'locations', meeting_point_address: '3 Park Rd', meeting_point_notes: null }, london)).toEqual({
      summary: 'Proposed a meeting point',
      changes: [{ label: 'Meeting point', before: null, after: '3 Park Rd' }],
    });
    expect(describeBookerChange({ section: 'locations', hiding_spot_address: null, hiding_spot_notes: null }, london).summary).toBe(
      'Withdrew the proposed hiding spot',
    );
    expect(
      describeBookerChange(
        {
          section: 'teams',
          teams: [
            { id: null, name: 'Red', players: 'Ann, Bo' },
            { id: 2, name: 'Blue', players: '' },
          ],
        },
        london,
      ),
    ).toEqual({
      summary: 'Set up 2 teams',
      changes: [{ label: 'Teams', before: null, after: 'Red (Ann, Bo); Blue' }],
    });
    expect(describeBookerChange({ section: 'chicken', assigned_chicken: 'player', assigned_chicken_email: 'c@x.test' }, london).changes).toEqual([
      { label: 'The Chicken', before: null, after: 'A player' },
      { label: "Chicken's email", before: null, after: 'c@x.test' },
    ]);
    expect(
      describeBookerChange({ section: 'game_area', before: { lat: 51.5, lng: -0.12, radius: 1000 }, after: { lat: 51.51, lng: -0.1, radius: 1500 } }, london)
        .changes,
    ).toEqual([{ label: 'Game area', before: '51.5000, -0.1200, 1,000 m radius', after: '51.5100, -0.1000, 1,500 m radius' }]);
    expect(
      describeBookerChange({ section: 'challenges', added_challenges: [1, 2, 3] }, { ...london, challengeName: (id) => (id === 1 ? 'Selfie' : undefined) }),
    ).toEqual({
      summary: 'Chose 3 challenges',
      changes: [{ label: 'Challenges', before: null, after: 'Selfie, Challenge #2, Challenge #3' }],
    });
    expect(describeBookerChange({ section: 'activation', activated: true }, london).summary).toBe('Activated the game');
    expect(describeBookerChange({ section: 'something_else', colour: 'blue' }, london)).toEqual({
      summary: 'Changed something else',
      changes: [{ label: 'Colour', before: null, after: 'blue' }],
    });
  });
});

describe('mails', () => {
  it('names known kinds and statuses, and reads unknown kinds from their name', () => {
    expect(mailKindLabel('booking_confirmation')).toBe('Booking confirmation');
    expect(mailKindLabel('payment.receipt')).toBe('Payment receipt');
    expect(mailKindLabel('payment.refund_receipt')).toBe('Refund receipt');
    expect(mailKindLabel('booker.section_locked.teams+host')).toBe('Parts of the game locked');
    expect(mailKindLabel('booking.payment_received')).toBe('Payment received');
    expect(mailStatusLabel('stored')).toBe('Stored (no mail server)');
    expect(mailStatusLabel('on_hold')).toBe('On hold');
    expect(describeMail({ kind: 'booking_confirmation', to: 'a@b.test', subject: 'Your game', status: 'sent' }, true)).toEqual({
      summary: 'Resent mail: Booking confirmation to a@b.test',
      changes: [
        { label: 'Subject', before: null, after: 'Your game' },
        { label: 'Status', before: null, after: 'Sent' },
      ],
    });
    // A sent mail keeps quiet about its earlier refusals; a failed one says how often and why.
    expect(describeMail({ kind: 'x', to: 'a@b.test', subject: 'S', status: 'sent', attempts: 3, error: null }, false).changes).toHaveLength(2);
    expect(describeMail({ kind: 'x', to: 'a@b.test', subject: 'S', status: 'failed', attempts: 8, error: '550 No such user' }, false).changes.slice(2)).toEqual(
      [
        { label: 'Attempts', before: null, after: '8' },
        { label: 'Last error', before: null, after: '550 No such user' },
      ],
    );
  });
});

describe('describeFields', () => {
  it('leaves out fields that did not change and prices in pounds', () => {
    expect(describeFields({ total_price: 120, players: 8 }, { totalPrice: 180.5, players: 8 }, dollars)).toEqual([
      { label: 'Total price', before: '$120', after: '$180.50' },
    ]);
  });
});

describe('proposals in the timeline', () => {
  it("reads the customer's acceptance as what it changed on the booking", () => {
    const d = describeBookerChange(
      {
        section: 'proposal',
        proposal_id: 4,
        before: { plan_type: 'standard', players: 8, total_price: 120 },
        after: { plan_type: 'pro', players: 30, total_price: 929.5 },
      },
      london,
    );
    expect(d.summary).toBe('Accepted proposal #4');
    expect(d.changes.find((c) => c.label === 'Players')).toEqual({ label: 'Players', before: '8', after: '30' });
  });

  it("names staff's proposal actions with the proposal's number", () => {
    expect(describeStaffAction('proposal.send', { status: 'draft' }, { proposal_id: 4, status: 'sent', to: 'a@b.test' }, london).summary).toBe(
      'Sent proposal #4',
    );
    expect(describeStaffAction('proposal.withdraw', null, { proposal_id: 4, status: 'withdrawn' }, london).summary).toBe('Withdrew proposal #4');
    expect(mailKindLabel('proposal.sent')).toBe('Proposal');
  });
});
