import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const valid = {
  name: 'Fountain Splash',
  description: 'Photograph your team beside a fountain.',
  type: 'Rating',
  spice_level: 'Medium',
  is_active: true,
  max_score: 15,
  max_submissions: 1,
  points_per_submission: 1,
  region_code: 'GB-LND',
};

async function latestActivity(entityId: number) {
  const rows = await t.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.entityId, String(entityId)))
    .orderBy(desc(activityLog.id));
  return rows.filter((r) => r.entityType === 'challenge');
}

describe('GET /api/admin/challenges', () => {
  it('lists the default challenge set as {data}', async () => {
    const res = await admin.get('/api/admin/challenges');
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Array<Record<string, unknown>> }>();
    expect(data.length).toBeGreaterThanOrEqual(14);
    expect(data[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        type: expect.any(String),
        spice_level: expect.any(String),
        is_active: true,
        max_score: expect.any(Number),
        region_code: null,
      }),
    );
  });

  it('filters by spice level', async () => {
    for (const level of ['Mild', 'Medium', 'Spicy']) {
      const res = await admin.get(`/api/admin/challenges?spice_level=${level}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json<{ data: Array<{ spice_level: string }> }>();
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((c) => c.spice_level === level)).toBe(true);
    }
    const bad = await admin.get('/api/admin/challenges?spice_level=Volcanic');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.spice_level).toBeDefined();
  });

  it('refuses anonymous callers and hosts', async () => {
    expect((await (await t.visitor()).get('/api/admin/challenges')).statusCode).toBe(401);
    expect((await (await t.as('host')).get('/api/admin/challenges')).statusCode).toBe(403);
  });
});

describe('create, read and update', () => {
  it('creates a challenge (201 {data}), reads it back and logs the creation', async () => {
    const res = await admin.post('/api/admin/challenges', valid);
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: { id: number } & Record<string, unknown> }>();
    expect(data).toMatchObject({ ...valid, id: expect.any(Number), is_default: false });

    const got = await admin.get(`/api/admin/challenges/${data.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject(valid);

    const [entry] = await latestActivity(data.id);
    expect(entry).toMatchObject({
      actorId: admin.userId,
      action: 'challenge.create',
      before: null,
      after: expect.objectContaining({ name: valid.name, max_score: 15 }),
    });
  });

  it('applies the spec defaults to fields left out', async () => {
    const res = await admin.post('/api/admin/challenges', { name: 'Minimal', description: 'Only the required fields.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'Rating',
      spice_level: 'Mild',
      is_active: true,
      max_score: 10,
      max_submissions: 1,
      points_per_submission: 1,
      region_code: null,
      answer_media: 'photo',
      live_capture: false,
    });
  });

  it('creates a video challenge asked live (decisions 0422, 0423), reads it back and edits it back to a photo', async () => {
    const film = { ...valid, name: 'Film the Fountain', answer_media: 'video', live_capture: true };
    const res = await admin.post('/api/admin/challenges', film);
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: { id: number } }>();
    expect(data).toMatchObject({ answer_media: 'video', live_capture: true });
    const got = (await admin.get(`/api/admin/challenges/${data.id}`)).json().data;
    expect(got).toMatchObject({ name: 'Film the Fountain', answer_media: 'video', live_capture: true });
    const listed = (await admin.get('/api/admin/challenges')).json<{ data: Array<{ id: number }> }>().data.find((c) => c.id === data.id);
    expect(listed).toMatchObject({ answer_media: 'video', live_capture: true });

    const put = await admin.put(`/api/admin/challenges/${data.id}`, { ...film, answer_media: 'photo', live_capture: false });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ answer_media: 'photo', live_capture: false });
    const [entry] = await latestActivity(data.id);
    expect(entry).toMatchObject({
      action: 'challenge.update',
      before: { answer_media: 'video', live_capture: true },
      after: { answer_media: 'photo', live_capture: false },
    });
  });

  it('updates with PUT, answers {data} and logs only the changed fields before and after', async () => {
    const created = (await admin.post('/api/admin/challenges', valid)).json<{ data: { id: number } }>().data;
    const res = await admin.put(`/api/admin/challenges/${created.id}`, { ...valid, name: 'Fountain Splash II', is_active: false, max_score: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, name: 'Fountain Splash II', is_active: false, max_score: 20 });
    const [entry] = await latestActivity(created.id);
    expect(entry).toMatchObject({
      action: 'challenge.update',
      actorId: admin.userId,
      before: { name: 'Fountain Splash', is_active: true, max_score: 15 },
      after: { name: 'Fountain Splash II', is_active: false, max_score: 20 },
    });
  });

  it('answers 404 for an unknown challenge on GET and PUT', async () => {
    expect((await admin.get('/api/admin/challenges/999999')).statusCode).toBe(404);
    const put = await admin.put('/api/admin/challenges/999999', valid);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'Challenge not found', code: 'not_found' });
    expect((await admin.get('/api/admin/challenges/abc')).statusCode).toBe(422);
  });
});

describe('validation messages (422 per field)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['name required', { name: '  ' }, 'name', 'Name is required'],
    ['description required', { description: '' }, 'description', 'Description is required'],
    ['max score not below 0', { max_score: -5 }, 'max_score', 'Max score cannot be less than 0'],
    ['tally points required', { type: 'Tally', max_score: 10, points_per_submission: null }, 'points_per_submission', 'Points per submission required'],
    ['tally points at least 1', { type: 'Tally', max_score: 10, points_per_submission: 0 }, 'points_per_submission', 'Points per submission required'],
    [
      'tally points not above max',
      { type: 'Tally', max_score: 10, points_per_submission: 20 },
      'points_per_submission',
      'Points per submission cannot be greater than max score',
    ],
    [
      'tally max divisible',
      { type: 'Tally', max_score: 10, points_per_submission: 3 },
      'points_per_submission',
      'Max score must be divisible by points per submission',
    ],
  ];
  for (const [label, patch, field, message] of cases) {
    it(`${label}: POST and PUT`, async () => {
      const post = await admin.post('/api/admin/challenges', { ...valid, ...patch });
      expect(post.statusCode).toBe(422);
      expect(post.json().errors[field]).toEqual([message]);
      const id = (await admin.get('/api/admin/challenges')).json<{ data: Array<{ id: number }> }>().data[0]?.id;
      const put = await admin.put(`/api/admin/challenges/${id}`, { ...valid, ...patch });
      expect(put.statusCode).toBe(422);
      expect(put.json().errors[field]).toEqual([message]);
    });
  }

  it('refuses an answer medium other than photo or video (422) and changes nothing', async () => {
    const id = (await admin.post('/api/admin/challenges', valid)).json<{ data: { id: number } }>().data.id;
    const before = (await admin.get('/api/admin/challenges')).json<{ data: unknown[] }>().data.length;
    for (const answer_media of ['audio', 'Video', null]) {
      const post = await admin.post('/api/admin/challenges', { ...valid, answer_media });
      expect(post.statusCode).toBe(422);
      expect(post.json().errors.answer_media).toEqual(['Please choose photo or video']);
      const put = await admin.put(`/api/admin/challenges/${id}`, { ...valid, answer_media, name: 'Changed' });
      expect(put.statusCode).toBe(422);
      expect(put.json().errors.answer_media).toEqual(['Please choose photo or video']);
    }
    expect((await admin.get('/api/admin/challenges')).json<{ data: unknown[] }>().data.length).toBe(before);
    expect((await admin.get(`/api/admin/challenges/${id}`)).json().data).toMatchObject({ name: valid.name, answer_media: 'photo' });
  });

  it('refuses NUL characters with a 422, never a 500', async () => {
    const res = await admin.post('/api/admin/challenges', { ...valid, name: 'a\u0000b', region_code: 'x\u0000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Text may not contain NUL characters'], region_code: ['Text may not contain NUL characters'] });
  });

  it('accepts a valid Tally challenge', async () => {
    const res = await admin.post('/api/admin/challenges', { ...valid, type: 'Tally', max_score: 12, max_submissions: 4, points_per_submission: 3 });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a write without CSRF (419) and changes nothing', async () => {
    const before = (await admin.get('/api/admin/challenges')).json<{ data: unknown[] }>().data.length;
    const res = await admin.inject({ method: 'POST', url: '/api/admin/challenges', payload: valid, csrf: false });
    expect(res.statusCode).toBe(419);
    expect((await admin.get('/api/admin/challenges')).json<{ data: unknown[] }>().data.length).toBe(before);
  });
});

describe('OpenAPI', () => {
  it('documents the challenge routes', async () => {
    const res = await admin.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: Record<string, unknown> }>().paths)).toEqual(
      expect.arrayContaining(['/api/admin/challenges', '/api/admin/challenges/{id}']),
    );
  });
});
