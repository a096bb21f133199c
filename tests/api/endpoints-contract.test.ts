import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointConfig } from '../../src/shared/api/endpoint';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import { geocodeEndpoint } from '../../src/shared/api/endpoints/geocode';
import { publicBookingEndpoints } from '../../src/shared/api/endpoints/public-booking';
import { bookerGameEndpoints } from '../../src/shared/api/endpoints/booker-game';
import { adminBookingsEndpoints } from '../../src/shared/api/endpoints/admin-bookings';
import { adminBookingDetailEndpoints } from '../../src/shared/api/endpoints/admin-booking-detail';
import { adminBookingTimelineEndpoints } from '../../src/shared/api/endpoints/admin-booking-timeline';
import { adminChallengesEndpoints } from '../../src/shared/api/endpoints/admin-challenges';
import { adminUsersEndpoints } from '../../src/shared/api/endpoints/admin-users';
import { adminActivityEndpoint } from '../../src/shared/api/endpoints/admin-activity';
import { adminOverviewEndpoints } from '../../src/shared/api/endpoints/admin-overview';
import { adminPaymentsEndpoints } from '../../src/shared/api/endpoints/admin-payments';
import { adminProposalsEndpoints, publicProposalEndpoints } from '../../src/shared/api/endpoints/proposals';
import { paymentEndpoints } from '../../src/shared/api/endpoints/payments';
import { adminMarkersEndpoints, adminScoringEndpoints, adminSubmissionsEndpoints } from '../../src/shared/api/endpoints/admin-review';
import { playEndpoints } from '../../src/shared/api/endpoints/play';
import { hostEndpoints } from '../../src/shared/api/endpoints/host';
import { huntEndpoints } from '../../src/shared/api/endpoints/hunt';
import { bookerResultsEndpoints, hostReviewEndpoints, playChallengesEndpoints } from '../../src/shared/api/endpoints/play-challenges';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The typed client's contract (decision 0211): every endpoint descriptor the web side calls names a route the
 * server has, and that route declares the descriptor's very schema objects, so the client's types and parsing
 * cannot drift from what the server validates and answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const descriptors: EndpointConfig[] = [
  ...Object.values(authEndpoints),
  pricingEndpoint,
  geocodeEndpoint,
  ...Object.values(publicBookingEndpoints),
  ...Object.values(bookerGameEndpoints),
  ...Object.values(adminBookingsEndpoints),
  ...Object.values(adminBookingDetailEndpoints),
  ...Object.values(adminBookingTimelineEndpoints),
  ...Object.values(adminChallengesEndpoints),
  ...Object.values(adminUsersEndpoints),
  adminActivityEndpoint,
  ...Object.values(adminOverviewEndpoints),
  ...Object.values(adminProposalsEndpoints),
  ...Object.values(adminPaymentsEndpoints),
  ...Object.values(publicProposalEndpoints),
  ...Object.values(paymentEndpoints),
  ...Object.values(adminSubmissionsEndpoints),
  ...Object.values(adminScoringEndpoints),
  ...Object.values(adminMarkersEndpoints),
  ...Object.values(playEndpoints),
  ...Object.values(hostEndpoints),
  ...Object.values(huntEndpoints),
  ...Object.values(playChallengesEndpoints),
  ...Object.values(hostReviewEndpoints),
  ...Object.values(bookerResultsEndpoints),
];

/** API routes no client of ours calls: the health check, the OpenAPI pages, the payment provider's webhook. */
const WITHOUT_DESCRIPTOR = /^\/api\/(health|docs|payments\/webhook)(\/|$)/;

describe('endpoint descriptors', () => {
  it('each names a route of the server, which declares the same params, query, body and answer schemas', () => {
    for (const d of descriptors) {
      const route = t.app.routeTable.find((r) => r.method === d.method && r.url === d.path);
      const name = `${d.method} ${d.path}`;
      expect(route, name).toBeDefined();
      const schema = route?.schema;
      const response = schema?.response as Record<number, unknown> | undefined;
      expect(schema?.params === d.params, `${name}: params`).toBe(true);
      expect(schema?.querystring === d.query, `${name}: query`).toBe(true);
      expect(schema?.body === d.body, `${name}: body`).toBe(true);
      expect(response?.[d.status ?? 200] === d.response, `${name}: answer ${d.status ?? 200}`).toBe(true);
    }
  });

  it('cover every API route the server has', () => {
    const described = new Set(descriptors.map((d) => `${d.method} ${d.path}`));
    const missing = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !WITHOUT_DESCRIPTOR.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !described.has(key));
    expect(missing).toEqual([]);
  });

  it('are unique', () => {
    const keys = descriptors.map((d) => `${d.method} ${d.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
