import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../shared/api/common';
import { geocodeEndpoint } from '../../../../shared/api/endpoints/geocode';
import { GEOCODE_MAX_RESULTS, GEOCODE_MIN_CHARS } from '../../../../shared/api/public-booking';
import { createGeocoder, GeocoderUnavailableError } from '../geocoder';
import { gazetteerIndex } from '../geocoder/gazetteer';
import { endpointRoute } from '../../../platform/http/endpoint-route';

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = createGeocoder(app.deps.config);

  // A served process builds the offline index right after it starts listening, so the first booker
  // does not wait for it; tests (inject, no listen) and GEOCODER_URL setups never pay for it.
  app.addHook('onListen', async () => {
    if (geocoder.name !== 'gazetteer') return;
    setTimeout(() => {
      const { stats } = gazetteerIndex();
      app.log.info({ gazetteer: stats }, 'city gazetteer loaded');
    }, 0).unref();
  });

  endpointRoute(
    app,
    geocodeEndpoint,
    {
      tags: ['booking'],
      summary: 'City suggestions for the wizard (offline gazetteer, or GEOCODER_URL)',
      // The outside geocoder failed (GeocoderUnavailableError, 502 or 503).
      errors: { 502: errorResponse },
    },
    async (request) => {
      const q = request.query.q;
      if ([...q].length < GEOCODE_MIN_CHARS) return { results: [] };
      try {
        return { results: await geocoder.search(q, GEOCODE_MAX_RESULTS) };
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) request.log.warn({ geocoder: geocoder.name, detail: error.detail }, 'geocoder failed');
        throw error;
      }
    },
  );
};
