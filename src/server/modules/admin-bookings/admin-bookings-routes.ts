import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import { adminBookingResponse } from '../../../shared/api/booking';
import {
  adminCreateBookingBody,
  bookingMetricsSchema,
  calendarMetricsSchema,
  calendarResponse,
  dateRangeQuery,
  enquiryLeadQuery,
  enquiryLeadResponse,
  exportBookingsQuery,
  exportCsvResponse,
  leadMetricsSchema,
  listBookingsQuery,
  listBookingsResponse,
} from '../../../shared/api/admin-bookings';
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

/** The bookings workspace (issue 5). Registered inside /api/admin: paths are relative to it. */
export const adminBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin-bookings'];

  app.get('/bookings', { schema: { tags, querystring: listBookingsQuery, response: { 200: listBookingsResponse, ...errorResponses } } }, async (request) =>
    listBookings(db, request.query),
  );

  app.get('/bookings/metrics', { schema: { tags, response: { 200: bookingMetricsSchema, ...errorResponses } } }, async () => bookingMetrics(db));

  app.get('/bookings/leads-metrics', { schema: { tags, response: { 200: leadMetricsSchema, ...errorResponses } } }, async () => leadMetrics(db));

  app.get('/bookings/calendar', { schema: { tags, querystring: dateRangeQuery, response: { 200: calendarResponse, ...errorResponses } } }, async (request) =>
    calendarBookings(db, request.query.start_date, request.query.end_date),
  );

  app.get(
    '/bookings/calendar/metrics',
    { schema: { tags, querystring: dateRangeQuery, response: { 200: calendarMetricsSchema, ...errorResponses } } },
    async (request) => calendarMetrics(db, request.query.start_date, request.query.end_date),
  );

  app.get(
    '/bookings/enquiry-lead-metrics',
    { schema: { tags, querystring: enquiryLeadQuery, response: { 200: enquiryLeadResponse, ...errorResponses } } },
    async (request) => enquiryLeadMetrics(db, request.query.start_date, request.query.end_date, request.query.interval),
  );

  app.get(
    '/bookings/export',
    {
      schema: {
        tags,
        querystring: exportBookingsQuery,
        response: { 200: exportCsvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const stream = await exportBookingsCsv(app.deps.database, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
        .header('Cache-Control', 'no-store')
        // Fastify pipes a stream as it is (no serializer runs); the schema only documents the CSV body.
        .send(stream as unknown as string);
    },
  );

  app.post(
    '/bookings',
    { schema: { tags, body: adminCreateBookingBody, response: { 201: adminBookingResponse, ...errorResponses } } },
    async (request, reply) => {
      // Booking mails link to the public site; the origin is found as for the wizard's confirmation mail.
      const baseUrl = app.deps.publicUrl;
      const booking = await createAdminBooking(db, { mail: app.deps.mail, baseUrl }, request.auth.user?.id ?? null, request.body);
      return reply.code(201).send({ booking });
    },
  );
};
