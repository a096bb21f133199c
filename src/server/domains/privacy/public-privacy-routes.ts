import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyEndpoints as endpoints } from '../../../shared/api/endpoints/privacy';
import { endpointRoute } from '../../platform/http/endpoint-route';
import { currentText, textDto } from './texts';
import { privacySettingsOf } from './settings';

/** What the wizard, the join page and the privacy notice read (public): the texts in force and the settings. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  endpointRoute(app, endpoints.current, { tags: ['privacy'] }, async () => {
    const [terms, waiver, notice] = await Promise.all([currentText(db, 'terms'), currentText(db, 'waiver'), privacySettingsOf(db)]);
    return { terms: terms ? textDto(terms) : null, waiver: waiver ? textDto(waiver) : null, notice };
  });
};
