import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-overview';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { listGames } from './admin-overview-repository';
import { listRankedTeams } from './admin-overview-teams';

const pagination = (page: number, perPage: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});

/** Drizzle gives timestamps of a left-joined subquery as Date or, on some drivers, as text. */
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

type BookingRef = { id: number; fullName: string | null; email: string };
const ref = (b: BookingRef) => ({ booking_id: b.id, booking_name: b.fullName, booking_email: b.email });

/** Read-only overviews across bookings; each row links to its booking, where staff act. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin'] };

  endpointRoute(app, endpoints.games, options, async ({ query }) => {
    const { rows, total } = await listGames(db, { page: query.page, perPage: query.per_page }, query);
    return {
      games: rows.map(({ game, booking, instance, players, teams }) => ({
        id: game.id,
        code: game.code,
        ...ref(booking),
        city: booking.city,
        date: booking.date,
        players: booking.players,
        activated: game.activated,
        weapons_on: game.weaponsOn,
        status: instance?.id ? instance.status : ('not_started' as const),
        players_count: players ?? 0,
        teams_count: teams ?? 0,
        started_at: instance?.id && instance.status !== 'lobby' ? iso(instance.startTime) : null,
        ends_at: instance?.id ? iso(instance.endTime ?? instance.endsAt) : null,
        created_at: game.createdAt.toISOString(),
      })),
      pagination: pagination(query.page, query.per_page, total),
    };
  });

  endpointRoute(app, endpoints.teams, options, async ({ query }) => {
    const { teams, total } = await listRankedTeams(db, { page: query.page, perPage: query.per_page }, query);
    return { teams, pagination: pagination(query.page, query.per_page, total) };
  });
};
