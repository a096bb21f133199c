import { eq, sql } from 'drizzle-orm';
import { addDays, addMinutes, format } from 'date-fns';
import type { Db } from '../platform/db/client';
import { bookings, contactHistory, type StoredAddOn } from '../domains/booking/tables/bookings';
import { bookingPayments } from '../domains/commerce/tables/ledger';
import { games } from '../domains/game/tables/games';
import { users } from '../domains/identity/tables/users';
import { newTempCode } from '../platform/codes';
import { recordPayment, withBooking } from '../domains/booking';
import { computeBookingPrice, DEFAULT_PRICES_MINOR } from '../../shared/prices';
import { localToUtcIso } from '../../shared/time';

/** A small deterministic generator, so two runs with one seed make the same demo data. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

const FIRST = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Leo',
  'Priya',
  'Mohammed',
  'Chen',
  'Sofia',
  'Lucas',
  'Hannah',
  'Tom',
  'Grace',
  'Ravi',
  'Zara',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Patel',
  'Khan',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Nguyen',
  'Okafor',
  'Murphy',
];
const COMPANIES = [null, null, null, 'Acme Widgets', 'Globex', 'Initech', 'Umbrella Events', 'Hooli', 'Stark Logistics', 'Wayne Media', 'Northwind', 'Contoso'];
const CITIES = [
  { city: 'London', lat: 51.5074, lng: -0.1278 },
  { city: 'Manchester', lat: 53.4808, lng: -2.2426 },
  { city: 'Bristol', lat: 51.4545, lng: -2.5879 },
  { city: 'Edinburgh', lat: 55.9533, lng: -3.1883 },
  { city: 'Leeds', lat: 53.8008, lng: -1.5491 },
];
const SOURCES: { utm?: string; gclid?: boolean; fbclid?: boolean; li?: boolean }[] = [
  {},
  {},
  { utm: 'google', gclid: true },
  { gclid: true },
  { utm: 'facebook' },
  { fbclid: true },
  { utm: 'instagram' },
  { utm: 'linkedin' },
  { li: true },
  { utm: 'newsletter' },
];
const NOTES = [
  'Asked about team sizes',
  'Wants a quote for 40 people',
  'Called back, interested in Weapons plan',
  'Sent brochure',
  'Meeting booked with the events team',
  'Budget approval pending',
  'Prefers a weekday afternoon',
];
const REFERRALS = [null, 'Google search', 'Facebook', 'Instagram', 'LinkedIn', 'Word of mouth', 'A hatch event'];
const PLANS = ['standard', 'standard', 'pro', 'pro', 'bespoke'] as const;

export type DemoSummary = { bookings: number; paid: number; leads: number; enquiries: number; completed: number; payments: number; notes: number };

/**
 * Adds `count` realistic demo bookings (enquiries, staff-created leads, paid games with payments,
 * completed games), spread over the last six months and the next two, with sources and notes.
 * For seeing the admin pages populated; never run by the app itself.
 */
export async function seedDemoBookings(db: Db, options: { count?: number; seed?: number; now?: Date } = {}): Promise<DemoSummary> {
  const count = options.count ?? 200;
  const now = options.now ?? new Date();
  const r = rng(options.seed ?? 20261121);
  const summary: DemoSummary = { bookings: 0, paid: 0, leads: 0, enquiries: 0, completed: 0, payments: 0, notes: 0 };

  await db
    .insert(users)
    .values([
      { name: 'Hattie Host', email: 'hattie.host@demo.hatch.invalid', isHost: true },
      { name: 'Harry Host', email: 'harry.host@demo.hatch.invalid', isHost: true },
    ])
    .onConflictDoNothing();
  const hosts = await db.select({ id: users.id }).from(users).where(eq(users.isHost, true)).limit(5);

  for (let i = 0; i < count; i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const place = r.pick(CITIES);
    const plan = r.pick(PLANS);
    const hostedAddOn = plan !== 'bespoke' && r.chance(0.2);
    const addOns: StoredAddOn[] = hostedAddOn ? ['hosted'] : [];
    const players = r.int(4, 60);
    const pricePerPersonMinor = DEFAULT_PRICES_MINOR.GBP.plans[plan];
    // Priced by the one rule the server and the wizard use.
    const price = computeBookingPrice({ players, pricePerPersonMinor, addOnPricesMinor: hostedAddOn ? [DEFAULT_PRICES_MINOR.GBP.addons.hosted] : [] });
    const createdAt = addMinutes(now, -r.int(60, 180 * 24 * 60));
    const gameDay = addDays(createdAt, r.int(3, 75));
    const date = format(gameDay, 'yyyy-MM-dd');
    const meetingTime = { hour: r.pick([10, 11, 13, 14, 15, 16, 18]), minute: r.pick([0, 0, 30]) };
    const roll = r.next();
    const kind = roll < 0.35 ? 'enquiry' : roll < 0.55 ? 'lead' : gameDay < now && roll > 0.9 ? 'completed' : 'paid';
    const source = kind === 'lead' ? {} : r.pick(SOURCES);
    const confirmed = kind === 'paid' || kind === 'completed' ? r.chance(0.6) : false;
    const company = r.pick(COMPANIES);
    const leadStatus =
      kind === 'enquiry' || kind === 'lead'
        ? r.pick(['new', 'new', 'contacted', 'negotiating', 'lost'] as const)
        : company && r.chance(0.5)
          ? 'converted'
          : 'new';

    const [row] = await db
      .insert(bookings)
      .values({
        initialAreaLat: place.lat + (r.next() - 0.5) / 50,
        initialAreaLng: place.lng + (r.next() - 0.5) / 50,
        initialAreaRadius: 1000,
        players,
        hosted: plan === 'bespoke' || hostedAddOn,
        duration: r.pick([90, 120, 120, 150]),
        timezone: 'Europe/London',
        fullName: `${first} ${last}`,
        email: `${first}.${last}.${i}@example.com`.toLowerCase(),
        tel: r.chance(0.6) ? `+44 7700 9${String(r.int(0, 99999)).padStart(5, '0')}` : null,
        companyName: company,
        referralSource: kind === 'lead' ? null : r.pick(REFERRALS),
        city: place.city,
        planType: plan,
        addOns,
        currency: 'GBP',
        pricePerPersonMinor: price.pricePerPersonMinor,
        addOnsTotalMinor: price.addOnsTotalMinor,
        totalPriceMinor: price.totalPriceMinor,
        meetingTime,
        date,
        utcDateTime: new Date(localToUtcIso(date, meetingTime, 'Europe/London') || gameDay.toISOString()),
        tempCode: newTempCode(),
        bookingStatus: kind === 'completed' ? 'paid' : kind,
        leadStatus,
        meetingPointAddress: confirmed || r.chance(0.3) ? `${r.int(1, 200)} High Street, ${place.city}` : null,
        meetingPointStatus: confirmed ? 'confirmed' : r.chance(0.3) ? 'requested' : null,
        hidingSpotAddress: confirmed ? `The ${r.pick(['Red Lion', 'Crown', 'Kings Arms', 'Swan'])}, ${place.city}` : null,
        hidingSpotStatus: confirmed ? 'confirmed' : null,
        assignedHostId: (plan === 'bespoke' || hostedAddOn) && r.chance(0.5) && hosts.length ? r.pick(hosts).id : null,
        adminGeneralNotes: r.chance(0.2) ? r.pick(NOTES) : null,
        utmSource: kind === 'lead' ? 'admin' : (source.utm ?? null),
        utmMedium: kind === 'lead' ? 'manual_created' : source.utm ? 'cpc' : null,
        utmCampaign: kind === 'lead' ? 'manual_created' : source.utm ? 'team-events' : null,
        gclid: source.gclid ? `demo-${i}` : null,
        fbclid: source.fbclid ? `demo-${i}` : null,
        liFatId: source.li ? `demo-${i}` : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: bookings.id, totalPriceMinor: bookings.totalPriceMinor });
    if (!row) continue;
    summary.bookings++;

    if (kind === 'paid' || kind === 'completed') {
      const total = row.totalPriceMinor;
      const split = r.chance(0.3);
      const { result } = await withBooking(db, { id: row.id }, { actor: { source: 'system', userId: null } }, (write) =>
        recordPayment(write, { paymentType: 'card', paymentAmount: split ? Math.round(total / 2) : total, recordedBy: null }, null),
      );
      summary.payments++;
      const paidAt = addMinutes(createdAt, r.int(30, 3 * 24 * 60));
      await db.execute(sql`update ${bookingPayments} set created_at = ${paidAt.toISOString()} where id = ${result.paymentId}`);
      if (split) {
        await db
          .insert(bookingPayments)
          .values({ bookingId: row.id, paymentType: 'bank_transfer', paymentAmount: total - Math.round(total / 2), createdAt: addDays(paidAt, r.int(1, 20)) });
        summary.payments++;
      }
      if (kind === 'completed') {
        await db.update(bookings).set({ bookingStatus: 'completed' }).where(eq(bookings.id, row.id));
        await db.update(games).set({ activated: true }).where(eq(games.id, result.gameId));
        summary.completed++;
      } else {
        if (r.chance(0.5)) await db.update(games).set({ activated: true }).where(eq(games.id, result.gameId));
        summary.paid++;
      }
    } else if (kind === 'lead') summary.leads++;
    else summary.enquiries++;

    const notes = kind === 'enquiry' || kind === 'lead' ? r.int(0, 3) : r.int(0, 1);
    for (let n = 0; n < notes; n++) {
      await db.insert(contactHistory).values({
        bookingId: row.id,
        type: r.pick(['note', 'phone', 'email', 'meeting'] as const),
        note: r.pick(NOTES),
        createdAt: addMinutes(createdAt, r.int(60, 20 * 24 * 60)),
      });
      summary.notes++;
    }
  }
  return summary;
}
