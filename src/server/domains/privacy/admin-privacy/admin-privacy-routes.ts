import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyEndpoints as endpoints } from '../../../../shared/api/endpoints/privacy';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { recordActivity } from '../../identity';
import { publishText, textDto, textHistory, type PrivacyTextKind } from '../texts';
import { privacySettingsOf, savePrivacySettings } from '../settings';
import { erasePerson, exportPerson, findPeople, type PersonalDataPart } from '../people';
import { personExportHtml } from './person-export-html';

/**
 * Staff's privacy calls (issue 41): the versioned terms and waiver, the retention settings, and a person's data found,
 * exported and erased. `parts` are the holders of personal data app.ts hands in (decision 0570).
 */
export function adminPrivacyRoutes(parts: readonly PersonalDataPart[]): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.deps.database;
    const options = { tags: ['admin: privacy'] };

    const history = async (kind: PrivacyTextKind) => {
      const rows = await textHistory(db, kind);
      return { current: rows[0] ? textDto(rows[0]) : null, history: rows.map(textDto) };
    };
    const publish = (kind: PrivacyTextKind, text: string, actorId: number | null) =>
      db.transaction(async (tx) => {
        const row = await publishText(tx, kind, text, actorId, new Date());
        await recordActivity(tx, { actorId, action: `${kind}.publish`, entityType: 'setting', entityId: kind, after: { version: row.version } });
        return textDto(row);
      });

    endpointRoute(app, endpoints.terms, options, async () => {
      const { current, history: all } = await history('terms');
      return { terms: current, history: all };
    });
    endpointRoute(app, endpoints.publishTerms, options, async (request) => ({
      terms: await publish('terms', request.body.text, request.auth.user?.id ?? null),
    }));
    endpointRoute(app, endpoints.waiver, options, async () => {
      const { current, history: all } = await history('waiver');
      return { waiver: current, history: all };
    });
    endpointRoute(app, endpoints.publishWaiver, options, async (request) => ({
      waiver: await publish('waiver', request.body.text, request.auth.user?.id ?? null),
    }));

    endpointRoute(app, endpoints.settings, options, async () => ({ settings: await privacySettingsOf(db) }));
    endpointRoute(app, endpoints.saveSettings, options, async (request) => {
      await db.transaction(async (tx) => {
        const before = await privacySettingsOf(tx);
        await savePrivacySettings(tx, request.body);
        await recordActivity(tx, {
          actorId: request.auth.user?.id ?? null,
          action: 'settings.privacy',
          entityType: 'setting',
          entityId: 'privacy',
          before,
          after: request.body,
        });
      });
      return { settings: await privacySettingsOf(db) };
    });

    endpointRoute(app, endpoints.people, options, async (request) => ({ people: await findPeople(db, parts, request.query.q) }));
    endpointRoute(app, endpoints.exportPerson, options, async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return exportPerson(db, parts, request.query.email, new Date());
    });
    endpointRoute(app, endpoints.exportPersonHtml, options, async (request, reply) => {
      const data = await exportPerson(db, parts, request.query.email, new Date());
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="personal-data.html"')
        .header('Cache-Control', 'no-store')
        .send(personExportHtml(data));
    });
    endpointRoute(app, endpoints.erasePerson, options, async (request) => ({
      erasure: await erasePerson({ db, media: app.deps.media, log: request.log }, parts, {
        email: request.body.email,
        actorId: request.auth.user?.id ?? null,
        now: new Date(),
      }),
    }));
  };
}
