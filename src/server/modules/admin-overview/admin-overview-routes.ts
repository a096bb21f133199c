import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import { gamesResponse, overviewQuery, teamsResponse } from '../../../shared/api/admin-overview';
import { listGames, listTeams } from './admin-overview-repository';

const pagination = (page: number, perPage: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});

type BookingRef = { id: number; fullName: string | null; email: string };
const ref = (b: BookingRef) => ({ booking_id: b.id, booking_name: b.fullName, booking_email: b.email });

/** Read-only overviews across bookings; each row links to its booking, where staff act. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const schema = (response: typeof gamesResponse | typeof teamsResponse) => ({
    tags: ['admin'],
    querystring: overviewQuery,
    response: { 200: response, ...errorResponses },
  });

  app.get('/games', { schema: schema(gamesResponse) }, async ({ query }) => {
    const { rows, total } = await listGames(db, { page: query.page, perPage: query.per_page });
    return {
      games: rows.map(({ game, booking, live }) => ({
        id: game.id,
        code: game.code,
        ...ref(booking),
        city: booking.city,
        date: booking.date,
        players: booking.players,
        activated: game.activated,
        weapons_on: game.weaponsOn,
        live_instances: live ?? 0,
        created_at: game.createdAt.toISOString(),
      })),
      pagination: pagination(query.page, query.per_page, total),
    };
  });

  app.get('/teams', { schema: schema(teamsResponse) }, async ({ query }) => {
    const { rows, total } = await listTeams(db, { page: query.page, perPage: query.per_page });
    return {
      teams: rows.map(({ team, booking }) => ({
        id: team.id,
        ...ref(booking),
        name: team.name,
        players: team.players,
        created_at: team.createdAt.toISOString(),
      })),
      pagination: pagination(query.page, query.per_page, total),
    };
  });
};
