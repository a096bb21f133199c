import { describe, expect, it } from 'vitest';
import {
  challengeOpenAt,
  gameTimeMs,
  isDoubledAt,
  isStepDue,
  pausedAfterResume,
  stepDueAt,
  stepProblems,
  type ChallengeStep,
  type ScriptClock,
} from './script';

const start = new Date('2030-06-15T14:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
/** A two-hour game, live from 14:00. */
const live: ScriptClock = { status: 'live', startTime: start, endsAt: at(120), endTime: null, pausedMs: 0 };

describe('when a script step is due', () => {
  it('counts minutes after the start and before the booked end', () => {
    expect(stepDueAt({ anchor: 'start', offset_minutes: 30 }, live)).toEqual(at(30));
    expect(stepDueAt({ anchor: 'end', offset_minutes: 15 }, live)).toEqual(at(105));
    expect(isStepDue({ anchor: 'start', offset_minutes: 30 }, live, at(29.99))).toBe(false);
    expect(isStepDue({ anchor: 'start', offset_minutes: 30 }, live, at(30))).toBe(true);
  });

  it('runs a step planned before the start at the start, and never one planned after the booked end', () => {
    expect(stepDueAt({ anchor: 'end', offset_minutes: 500 }, live)).toEqual(at(0));
    expect(stepDueAt({ anchor: 'start', offset_minutes: 121 }, live)).toBeNull();
    expect(isStepDue({ anchor: 'start', offset_minutes: 60 }, live, at(120))).toBe(false);
  });

  it('is never due while the game is not live', () => {
    expect(isStepDue({ anchor: 'start', offset_minutes: 0 }, { ...live, status: 'lobby' }, at(5))).toBe(false);
    expect(isStepDue({ anchor: 'start', offset_minutes: 0 }, { ...live, status: 'ended', endTime: at(10) }, at(11))).toBe(false);
  });

  it('moves with a pause: ended at 20 min, resumed 10 min later, a step at 30 min runs at 40 min of wall time', () => {
    const ended: ScriptClock = { ...live, status: 'ended', endTime: at(20) };
    // Game time stands still while it stands ended.
    expect(gameTimeMs(ended, at(25))).toBe(20 * 60_000);
    const pausedMs = pausedAfterResume(0, at(20), at(30));
    expect(pausedMs).toBe(10 * 60_000);
    // Resume moves ends_at by the pause (shared/lifecycle resumedEndsAt): 14:00 + 130 min.
    const resumed: ScriptClock = { status: 'live', startTime: start, endsAt: at(130), endTime: null, pausedMs };
    expect(gameTimeMs(resumed, at(40))).toBe(30 * 60_000);
    expect(stepDueAt({ anchor: 'start', offset_minutes: 30 }, resumed)).toEqual(at(40));
    expect(isStepDue({ anchor: 'start', offset_minutes: 30 }, resumed, at(39))).toBe(false);
    expect(isStepDue({ anchor: 'start', offset_minutes: 30 }, resumed, at(40))).toBe(true);
    // "15 minutes before the end" follows the moved end.
    expect(stepDueAt({ anchor: 'end', offset_minutes: 15 }, resumed)).toEqual(at(115));
  });
});

describe('what a step needs', () => {
  it('names the missing field of each action', () => {
    expect(stepProblems({ anchor: 'start', offset_minutes: 0, action: 'message' })).toHaveProperty('text');
    expect(stepProblems({ anchor: 'start', offset_minutes: 0, action: 'double_points', challenge_id: 3 })).toHaveProperty('minutes');
    expect(stepProblems({ anchor: 'start', offset_minutes: 0, action: 'shrink_area' })).toHaveProperty('radius_m');
    expect(stepProblems({ anchor: 'start', offset_minutes: 0, action: 'release_station' })).toHaveProperty('station_id');
    expect(stepProblems({ anchor: 'start', offset_minutes: 0, action: 'open_challenge', challenge_id: 1 })).toEqual({});
  });
});

describe('a challenge under the script', () => {
  const step = (action: ChallengeStep['action'], ranAt: Date | null, minutes: number | null = null): ChallengeStep => ({
    action,
    challenge_id: 7,
    ran_at: ranAt,
    minutes,
  });
  it('is closed until the step that opens it runs, and closed again after a close', () => {
    expect(challengeOpenAt([], 7, at(0))).toBe(true);
    expect(challengeOpenAt([step('open_challenge', null)], 7, at(0))).toBe(false);
    const opened = [step('open_challenge', at(15))];
    expect(challengeOpenAt(opened, 7, at(14))).toBe(false);
    expect(challengeOpenAt(opened, 7, at(15))).toBe(true);
    expect(challengeOpenAt([...opened, step('close_challenge', at(60))], 7, at(61))).toBe(false);
    expect(challengeOpenAt([step('close_challenge', null)], 7, at(61))).toBe(true);
    expect(challengeOpenAt([step('open_challenge', null)], 8, at(0))).toBe(true);
  });
  it('earns double for answers made in the window only', () => {
    const steps = [step('double_points', at(30), 15)];
    expect(isDoubledAt(steps, 7, at(29))).toBe(false);
    expect(isDoubledAt(steps, 7, at(30))).toBe(true);
    expect(isDoubledAt(steps, 7, at(44.9))).toBe(true);
    expect(isDoubledAt(steps, 7, at(45))).toBe(false);
    expect(isDoubledAt([step('double_points', null, 15)], 7, at(31))).toBe(false);
  });
});
