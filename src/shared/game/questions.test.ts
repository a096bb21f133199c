import { describe, expect, it } from 'vitest';
import { offsetMetres } from '../geo';
import { answerQuestion, chickenNotice, cooldownLeftSeconds, THERMOMETER_MIN_MOVE_M } from './questions';

const centre = { lat: 51.5074, lng: -0.1278 };
const now = new Date('2030-06-15T14:30:00Z');
const fix = (north: number, east = 0, secondsAgo = 5) => ({ ...offsetMetres(centre, north, east), at: new Date(now.getTime() - secondsAgo * 1000) });

describe('questions about the Chicken', () => {
  it.each([
    [499, 'yes'],
    [500, 'yes'],
    [501, 'no'],
  ] as const)('radius 500 m with the Chicken %i m away answers %s', (metres, answer) => {
    expect(answerQuestion({ kind: 'radius', radiusM: 500, asker: fix(0), chicken: fix(metres), now })).toEqual({ ok: true, answer });
  });

  it('answers warmer or colder against where the team last asked, once the asker moved far enough', () => {
    const asked = offsetMetres(centre, 0, 0);
    const chicken = fix(1000);
    expect(answerQuestion({ kind: 'thermometer', asker: fix(300), chicken, reference: asked, now })).toMatchObject({ ok: true, answer: 'warmer' });
    expect(answerQuestion({ kind: 'thermometer', asker: fix(-300), chicken, reference: asked, now })).toMatchObject({ ok: true, answer: 'colder' });
    expect(answerQuestion({ kind: 'thermometer', asker: fix(THERMOMETER_MIN_MOVE_M - 1), chicken, reference: asked, now })).toEqual({
      ok: false,
      reason: 'not_moved',
    });
    expect(answerQuestion({ kind: 'thermometer', asker: fix(300), chicken, reference: null, now })).toEqual({ ok: false, reason: 'no_previous_ask' });
  });

  it('answers nearer or farther to a landmark', () => {
    const landmark = offsetMetres(centre, 500, 0);
    expect(answerQuestion({ kind: 'landmark', asker: fix(0), chicken: fix(400), reference: landmark, now })).toEqual({ ok: true, answer: 'nearer' });
    expect(answerQuestion({ kind: 'landmark', asker: fix(400), chicken: fix(0), reference: landmark, now })).toEqual({ ok: true, answer: 'farther' });
  });

  it('refuses without a fresh fix of the asker or of the Chicken', () => {
    expect(answerQuestion({ kind: 'radius', radiusM: 500, asker: null, chicken: fix(0), now })).toEqual({ ok: false, reason: 'asker_no_fix' });
    expect(answerQuestion({ kind: 'radius', radiusM: 500, asker: fix(0, 0, 121), chicken: fix(0), now })).toEqual({ ok: false, reason: 'asker_no_fix' });
    expect(answerQuestion({ kind: 'radius', radiusM: 500, asker: fix(0), chicken: fix(0, 0, 121), now })).toEqual({ ok: false, reason: 'chicken_no_fix' });
  });

  it('counts the cooldown down to the second and tells the Chicken who asked what', () => {
    const rules = { cost_points: 0, cooldown_seconds: 300 };
    expect(cooldownLeftSeconds(null, rules, now)).toBe(0);
    expect(cooldownLeftSeconds(new Date(now.getTime() - 100_500), rules, now)).toBe(200);
    expect(cooldownLeftSeconds(new Date(now.getTime() - 300_000), rules, now)).toBe(0);
    expect(chickenNotice('Red Foxes', 'radius')).toBe('Red Foxes asked a radius question');
  });
});
