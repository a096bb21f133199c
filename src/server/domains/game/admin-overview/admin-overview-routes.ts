import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-overview';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { listGames, listTeams } from './admin-overview-repository';

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
    const { rows, total } = await listTeams(db, { page: query.page, perPage: query.per_page }, query);
    return {
      teams: rows.map(({ team, status, gameCode, booking, players }) => ({
        id: team.id,
        ...ref(booking),
        name: team.name,
        game_code: gameCode,
        status: status,
        points: team.points,
        chicken_points: team.chickenPoints,
        players_count: players,
        found_chicken_at: iso(team.foundChickenAt),
        created_at: team.createdAt.toISOString(),
      })),
      pagination: pagination(query.page, query.per_page, total),
    };
  });
};
