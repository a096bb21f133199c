import { describe, expect, it } from 'vitest';
import { adminBookingDetailEndpoints as ep } from '../../src/shared/api/endpoints/admin-booking-detail';
import { adminUsersEndpoints } from '../../src/shared/api/endpoints/admin-users';
import { api, ApiError } from '../../src/web/lib/api-client';
import { answer, callsTo, failWith, takeProblems } from './support/network';

/** The component tier's network (support/network.ts) through the real api-client. */
describe('the typed network of component tests', () => {
  it('answers by endpoint and path parameters, records the call, and gives error answers as the API does', async () => {
    answer(adminUsersEndpoints.hosts, { hosts: [{ id: 5, name: 'Hattie Host', email: 'hattie@e2e.test' }] });
    answer(ep.addNote, ({ params, body }) => (params.id === '9' ? failWith(409, 'Changed meanwhile', 'conflict') : failWith(422, `no ${body.note}`)));
    expect(await api(adminUsersEndpoints.hosts)).toEqual({ hosts: [{ id: 5, name: 'Hattie Host', email: 'hattie@e2e.test' }] });
    const error = await api(ep.addNote, { params: { id: 9 }, body: { note: 'Hi', type: 'note' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Changed meanwhile', code: 'conflict' });
    expect(callsTo(ep.addNote).map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/admin/bookings/9/notes', { note: 'Hi', type: 'note' }]]);
  });

  it('fails the test for a call no handler answers, and for a body its endpoint refuses', async () => {
    await expect(api(ep.get, { params: { id: 3 } })).rejects.toThrow();
    answer(ep.addNote, failWith(500, 'unused'));
    await api(ep.addNote, { params: { id: 3 }, body: { note: '', type: 'note' } }).catch(() => undefined);
    const problems = takeProblems();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('Unanswered call: GET /api/admin/bookings/3');
    expect(problems[1]).toContain('sent a body its endpoint');
  });

  it("types a handler's answer and the body it reads by the endpoint (checked by tsc)", () => {
    // @ts-expect-error: the hosts endpoint answers { hosts: Host[] }
    answer(adminUsersEndpoints.hosts, { users: [] });
    // @ts-expect-error: a note's body has no amount
    answer(ep.addNote, ({ body }) => failWith(422, String(body.payment_amount)));
    expect(callsTo(adminUsersEndpoints.hosts)).toEqual([]);
  });
});
