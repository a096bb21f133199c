import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageScheduleEndpoints as endpoints } from '../../../../shared/api/endpoints/message-schedule';
import { UnauthenticatedError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { messageSettingsOf, saveMessageSettings, skipScheduledMessage } from './message-admin';

const options = { tags: ['admin message schedule'] };

/** Staff's controls of the message schedule, under /api/admin (the scope's admin guard runs first; CSRF on each change). */
export const messageScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  endpointRoute(app, endpoints.skip, options, async (request) => {
    const user = request.auth.user;
    if (!user) throw new UnauthenticatedError();
    return { scheduled_message: await skipScheduledMessage(db, { bookingId: request.params.id, messageId: request.params.messageId, actorId: user.id }) };
  });
  endpointRoute(app, endpoints.settings, options, async () => messageSettingsOf(db));
  endpointRoute(app, endpoints.updateSettings, options, async (request) =>
    db.transaction((tx) => saveMessageSettings(tx, request.auth.user?.id ?? null, request.body)),
  );
};
