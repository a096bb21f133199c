import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostTimeEndpoints as endpoints } from '../../../shared/api/endpoints/host-time';
import { HOST_TIME_MESSAGES, type Unavailability } from '../../../shared/api/host-time';
import { NotFoundError } from '../../platform/errors';
import { endpointRoute } from '../../platform/http/endpoint-route';
import { requireStaffUser } from './staff-guard';
import { calendarFeedRoutes } from './calendar-feed-routes';
import { recordActivity } from './activity';
import {
  deleteUnavailability,
  insertUnavailability,
  listUnavailability,
  saveTravelMarginMinutes,
  travelMarginMinutes,
  type UnavailabilityRow,
} from './host-time';

const toDto = (row: UnavailabilityRow): Unavailability => ({
  id: row.id,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  note: row.note,
});

/** A host's own unavailable time from their console, and the travel margin staff set (issue 31, decision 0376). */
export const hostTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['host: time'] };
  // Staff only, checked before the body is parsed, so an outsider learns nothing from validation messages.
  app.addHook('onRequest', async (request) => {
    requireStaffUser(request.auth.user);
  });
  // Their private calendar feed (issue 31, decision 0394): the same staff-only scope.
  await app.register(calendarFeedRoutes);

  // What is still ahead or under way; a stretch gone by no longer keeps the host from anything.
  endpointRoute(app, endpoints.unavailability, options, async (request) => {
    const user = requireStaffUser(request.auth.user);
    return { unavailability: (await listUnavailability(db, user.id, new Date())).map(toDto) };
  });
  endpointRoute(app, endpoints.markUnavailable, options, async (request) => {
    const user = requireStaffUser(request.auth.user);
    const { starts_at, ends_at, note } = request.body;
    const row = await insertUnavailability(db, { hostId: user.id, startsAt: new Date(starts_at), endsAt: new Date(ends_at), note: note.trim() });
    return { unavailability: toDto(row) };
  });
  endpointRoute(app, endpoints.removeUnavailable, options, async (request) => {
    const user = requireStaffUser(request.auth.user);
    if (!(await deleteUnavailability(db, user.id, request.params.id))) throw new NotFoundError(HOST_TIME_MESSAGES.notFound);
    return { ok: true as const };
  });
};

/** The install's travel margin between one host's games (staff; inside the admin scope). */
export const hostSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: host settings'] };

  endpointRoute(app, endpoints.settings, options, async () => ({ travel_margin_minutes: await travelMarginMinutes(db) }));
  endpointRoute(app, endpoints.updateSettings, options, async (request) => {
    const minutes = request.body.travel_margin_minutes;
    await db.transaction(async (tx) => {
      const before = await travelMarginMinutes(tx);
      await saveTravelMarginMinutes(tx, minutes);
      // A staff change like any other: in the activity log, with what it was.
      await recordActivity(tx, {
        actorId: request.auth.user?.id ?? null,
        action: 'settings.travel_margin',
        entityType: 'setting',
        entityId: 'travel_margin_minutes',
        before: { travel_margin_minutes: before },
        after: { travel_margin_minutes: minutes },
      });
    });
    return { travel_margin_minutes: minutes };
  });
};
