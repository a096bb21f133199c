import * as bookings from './schema/bookings';
import * as challenges from './schema/challenges';
import * as games from './schema/games';
import * as hunt from './schema/hunt';
import * as items from './schema/items';
import * as pricing from './schema/pricing';
import * as proposals from './schema/proposals';
import * as scoring from './schema/scoring';
import * as system from './schema/system';
import * as users from './schema/users';

/** Every table, for Drizzle's relational queries. Import tables from their own files elsewhere. */
export const schema = { ...users, ...bookings, ...challenges, ...games, ...hunt, ...items, ...scoring, ...pricing, ...proposals, ...system };
