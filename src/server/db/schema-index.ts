import * as bookings from './schema/bookings';
import * as challenges from './schema/challenges';
import * as games from './schema/games';
import * as items from './schema/items';
import * as pricing from './schema/pricing';
import * as scoring from './schema/scoring';
import * as system from './schema/system';
import * as users from './schema/users';

/** Every table, for Drizzle's relational queries. Import tables from their own files elsewhere. */
export const schema = { ...users, ...bookings, ...challenges, ...games, ...items, ...scoring, ...pricing, ...system };
