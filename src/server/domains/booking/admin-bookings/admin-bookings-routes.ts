import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBookingsEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-bookings';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import {
  bookingMetrics,
  calendarBookings,
  calendarMetrics,
  createAdminBooking,
  enquiryLeadMetrics,
  exportBookingsCsv,
  exportFileName,
  leadMetrics,
  listBookings,
} from './admin-bookings-service';
import { sendCsvDownload } from '../../../platform/http/csv-download';

/** The bookings workspace (issue 5). Registered inside /api/admin: paths are relative to it. */
export const adminBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin-bookings'] };

  endpointRoute(app, endpoints.list, options, async (request) => listBookings(db, request.query));

  endpointRoute(app, endpoints.metrics, options, async () => bookingMetrics(db));

  endpointRoute(app, endpoints.leadMetrics, options, async () => leadMetrics(db));

  endpointRoute(app, endpoints.calendar, options, async (request) => calendarBookings(db, request.query.start_date, request.query.end_date));

  endpointRoute(app, endpoints.calendarMetrics, options, async (request) => calendarMetrics(db, request.query.start_date, request.query.end_date));

  endpointRoute(app, endpoints.chart, options, async (request) =>
    enquiryLeadMetrics(db, request.query.start_date, request.query.end_date, request.query.interval),
  );

  endpointRoute(app, endpoints.export, options, async (request, reply) =>
    sendCsvDownload(reply, exportFileName(), await exportBookingsCsv(app.deps.database, request.query)),
  );

  endpointRoute(app, endpoints.create, options, async (request) => {
    // Booking mails link to the public site; the origin is found as for the wizard's confirmation mail.
    const baseUrl = app.deps.publicUrl;
    return { booking: await createAdminBooking(db, { mail: app.deps.mail, baseUrl }, request.auth.user?.id ?? null, request.body) };
  });
};
