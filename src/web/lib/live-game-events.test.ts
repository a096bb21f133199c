import { describe, expect, it } from 'vitest';
import type { ConsoleResponse } from '../../shared/api/host';
import type { MapResponse } from '../../shared/api/play';
import type { PlayChallengesResponse, TeamSubmission } from '../../shared/api/play-challenges';
import { applyChallengesEvent, applyConsoleEvent, applyMapEvent, applyReviewEvent, applySubmissionEvent, TRAIL_KEEP } from './live-game-events';
import type { ReviewSubmission } from '../../shared/api/submissions';

const game: MapResponse['game'] = {
  code: 'ABC123',
  status: 'lobby',
  starts_at: '2030-01-01T10:00:00.000Z',
  ends_at: null,
  duration: 60,
  area: { lat: 51.5, lng: -0.12, radius: 800 },
  weapons_on: false,
  plan_type: 'standard',
  city: 'London',
};

function snapshot(): MapResponse {
  return {
    game,
    teams: [{ id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null }],
    players: [{ id: 10, name: 'Ann', role: 'player', team_id: 1, ready: false, location: 'granted', language: 'en', position: null, trail: [] }],
    messages: [],
    last_event_id: '5',
  };
}

const ev = (event: string, data: unknown, id: string | null = null) => ({ id, event, data: JSON.stringify(data) });
const position = (lat: number, at: string) => ev('position', { player_id: 10, team_id: 1, role: 'player', lat, lng: -0.12, at });

describe('applyMapEvent', () => {
  it('moves a player and keeps the previous fix as the trail; an older or repeated fix changes nothing', () => {
    let s = applyMapEvent(snapshot(), position(51.5, '2030-01-01T10:00:05.000Z'));
    s = applyMapEvent(s, position(51.501, '2030-01-01T10:00:10.000Z'));
    const replay = applyMapEvent(s, position(51.5, '2030-01-01T10:00:05.000Z'));
    expect(replay).toBe(s);
    expect(s.players[0]?.position).toEqual({ lat: 51.501, lng: -0.12, at: '2030-01-01T10:00:10.000Z' });
    expect(s.players[0]?.trail).toEqual([{ lat: 51.5, lng: -0.12, at: '2030-01-01T10:00:05.000Z' }]);
  });

  it('keeps at most TRAIL_KEEP past fixes', () => {
    let s = snapshot();
    for (let i = 0; i < TRAIL_KEEP + 5; i++) s = applyMapEvent(s, position(51.5 + i / 10_000, new Date(Date.UTC(2030, 0, 1, 10, 0, i * 5)).toISOString()));
    expect(s.players[0]?.trail).toHaveLength(TRAIL_KEEP);
    expect(s.players[0]?.trail.at(-1)?.lat).toBeCloseTo(51.5 + (TRAIL_KEEP + 3) / 10_000);
  });

  it('adds a joining player, updates a known one without losing their position, and lists a message once', () => {
    let s = applyMapEvent(snapshot(), position(51.5, '2030-01-01T10:00:05.000Z'));
    s = applyMapEvent(s, ev('player', { player: { id: 10, name: 'Ann', role: 'player', team_id: 1, ready: true, location: 'granted', language: 'en' } }, '6'));
    s = applyMapEvent(s, ev('player', { player: { id: 11, name: 'Bob', role: 'player', team_id: 1, ready: false, location: 'denied', language: 'fr' } }, '7'));
    const message = ev(
      'message',
      { id: 3, channel: 'all', from: 'Host', from_player_id: null, team_id: null, text: 'Head north', at: '2030-01-01T10:01:00.000Z', hidden: false },
      '8',
    );
    s = applyMapEvent(applyMapEvent(s, message), message);
    expect(s.players.map((p) => [p.name, p.ready, p.position?.lat ?? null])).toEqual([
      ['Ann', true, 51.5],
      ['Bob', false, null],
    ]);
    expect(s.messages.map((m) => m.text)).toEqual(['Head north']);
  });

  it('takes a new game state and the teams list; ignores unknown types and malformed data', () => {
    let s = applyMapEvent(snapshot(), ev('state', { game: { ...game, status: 'live', ends_at: '2030-01-01T11:00:00.000Z' } }, '9'));
    const seats = { players: 2, capacity: 4, full: false };
    s = applyMapEvent(
      s,
      ev(
        'teams',
        {
          teams: [
            { id: 1, name: 'Foxes', challenge_points: 5, chicken_points: 0, adjustments: 2, found_chicken_at: null, ...seats },
            { id: 2, name: 'Owls', challenge_points: 0, chicken_points: 50, adjustments: 0, found_chicken_at: '2030-01-01T10:30:00.000Z', ...seats },
          ],
        },
        '10',
      ),
    );
    expect(s.game.status).toBe('live');
    // The phone keeps every input of the one total (decision 0240), not its seats.
    expect(s.teams).toEqual([
      { id: 1, name: 'Foxes', challenge_points: 5, chicken_points: 0, adjustments: 2, found_chicken_at: null },
      { id: 2, name: 'Owls', challenge_points: 0, chicken_points: 50, adjustments: 0, found_chicken_at: '2030-01-01T10:30:00.000Z' },
    ]);
    expect(applyMapEvent(s, { id: null, event: 'state', data: '{not json' })).toBe(s);
    expect(applyMapEvent(s, ev('future-type', {}))).toBe(s);
    expect(applyMapEvent(s, ev('position', { player_id: 'x' }))).toBe(s);
  });
});

describe('applyConsoleEvent', () => {
  it('takes every score input of a teams event, when the team found the Chicken included', () => {
    const base: ConsoleResponse = {
      ...snapshot(),
      teams: [
        {
          id: 1,
          name: 'Foxes',
          challenge_points: 0,
          chicken_points: 50,
          adjustments: 0,
          players: 1,
          capacity: 4,
          full: false,
          found_chicken_at: '2030-01-01T10:30:00.000Z',
        },
      ],
      booking: { name: 'Acme', phone: null, meeting_point: null, players: 8, duration: 60, starts_at: null },
      lifecycle: { meeting_at: null, timezone: 'Europe/London', paid: true, ended_at: null, booked_end_at: null },
    };
    const s = applyConsoleEvent(
      base,
      ev(
        'teams',
        {
          teams: [
            {
              id: 1,
              name: 'Foxes',
              challenge_points: 10,
              chicken_points: 50,
              adjustments: -1,
              found_chicken_at: '2030-01-01T10:30:00.000Z',
              players: 2,
              capacity: 4,
              full: false,
            },
          ],
        },
        '11',
      ),
    );
    expect(s.teams[0]).toMatchObject({ challenge_points: 10, adjustments: -1, players: 2, found_chicken_at: '2030-01-01T10:30:00.000Z' });
  });
});

describe('applySubmissionEvent (the Challenges tab, without a fetch)', () => {
  const team = { id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null };
  const sent = (id: number, over: Partial<TeamSubmission> = {}): TeamSubmission => ({
    id,
    challenge_id: 7,
    kind: 'text',
    text: 'An answer',
    count: null,
    media_url: null,
    status: 'pending',
    rating: null,
    points_awarded: 0,
    reason: null,
    submitted_at: `2030-01-01T10:0${id}:00.000Z`,
    reviewed_at: null,
    ...over,
  });
  function list(): PlayChallengesResponse {
    return {
      game_status: 'live',
      team,
      can_submit: true,
      challenges: [
        {
          id: 7,
          name: 'Rate us',
          description: '',
          type: 'Rating',
          max_score: 10,
          max_submissions: 2,
          points_per_submission: 1,
          kinds: ['photo', 'text'],
          live_capture: false,
          check_in: false,
          location: null,
          place_hidden: false,
          points: 0,
          points_left: 10,
          submissions_left: 2,
          submissions: [],
        },
        {
          id: 8,
          name: 'Riddle',
          description: '',
          type: 'RightWrong',
          max_score: 5,
          max_submissions: 1,
          points_per_submission: 1,
          kinds: ['photo', 'text'],
          live_capture: false,
          check_in: false,
          location: null,
          place_hidden: false,
          points: 0,
          points_left: 5,
          submissions_left: 1,
          submissions: [],
        },
      ],
    };
  }
  const event = (submission: TeamSubmission, challengePoints = 0) => ev('submission', { submission, team: { ...team, challenge_points: challengePoints } });

  it('adds a teammate’s submission and then its verdict, with the points, what is left and the team’s score', () => {
    const afterSend = applySubmissionEvent(list(), event(sent(1)));
    expect(afterSend.challenges[0]).toMatchObject({ points: 0, points_left: 10, submissions_left: 1, submissions: [{ id: 1, status: 'pending' }] });
    const reviewed = sent(1, { status: 'approved', rating: 4, points_awarded: 8, reviewed_at: '2030-01-01T10:30:00.000Z' });
    const afterReview = applySubmissionEvent(afterSend, event(reviewed, 8));
    expect(afterReview.challenges[0]).toMatchObject({
      points: 8,
      points_left: 2,
      submissions_left: 1,
      submissions: [{ id: 1, status: 'approved', points_awarded: 8 }],
    });
    expect(afterReview.team?.challenge_points).toBe(8);
    expect(afterReview.challenges[1]).toEqual(list().challenges[1]);
  });

  it('is idempotent and keeps the newer fact: a replay, or the sent version after the verdict, changes nothing', () => {
    const reviewed = applySubmissionEvent(list(), event(sent(1, { status: 'rejected', reason: 'Blurry', reviewed_at: '2030-01-01T10:30:00.000Z' })));
    expect(applySubmissionEvent(reviewed, event(sent(1)))).toBe(reviewed);
    const again = applySubmissionEvent(reviewed, event(sent(1, { status: 'rejected', reason: 'Blurry', reviewed_at: '2030-01-01T10:30:00.000Z' })));
    expect(again.challenges[0]?.submissions).toEqual(reviewed.challenges[0]?.submissions);
    expect(again.challenges[0]).toMatchObject({ submissions_left: 2, points: 0 });
  });

  it('re-divides the cap as the server does when a later verdict changes an earlier one', () => {
    const first = applySubmissionEvent(list(), event(sent(1, { status: 'approved', rating: 4, points_awarded: 8, reviewed_at: '2030-01-01T10:20:00.000Z' })));
    const both = applySubmissionEvent(first, event(sent(2, { status: 'approved', rating: 5, points_awarded: 2, reviewed_at: '2030-01-01T10:30:00.000Z' })));
    expect(both.challenges[0]).toMatchObject({ points: 10, points_left: 0, submissions_left: 0 });
    // The first is re-rated 0: the second now earns its full 10, as the server's allocation gives.
    const rerated = applySubmissionEvent(both, event(sent(1, { status: 'approved', rating: 0, points_awarded: 0, reviewed_at: '2030-01-01T10:40:00.000Z' })));
    expect(rerated.challenges[0]?.submissions.map((s) => s.points_awarded)).toEqual([0, 10]);
    expect(rerated.challenges[0]?.points).toBe(10);
  });

  it('puts challenges added during the game into the list, keeping what the team already sent (issue 36)', () => {
    const withSent = applySubmissionEvent(list(), event(sent(1)));
    const [photo, riddle] = withSent.challenges;
    if (!photo || !riddle) throw new Error('no challenges');
    const added = {
      ...riddle,
      id: 9,
      name: 'Live tally',
      type: 'Tally' as const,
      kinds: ['count' as const],
      max_score: 6,
      points_left: 6,
      submissions_left: 3,
    };
    // The event brings every challenge as a team that sent nothing sees it; the list keeps its own version.
    const fresh = { ...photo, submissions: [], submissions_left: 2 };
    const changed = applyChallengesEvent(withSent, ev('challenges', { challenges: [fresh, added, riddle] }));
    expect(changed.challenges.map((c) => c.name)).toEqual(['Rate us', 'Live tally', 'Riddle']);
    expect(changed.challenges[0]).toBe(photo);
    expect(changed.challenges[1]).toEqual(added);
    expect(applyChallengesEvent(changed, ev('challenges', { challenges: [fresh, added, riddle] }))).toBe(changed);
    // A challenge taken out leaves the list; malformed data and other events change nothing.
    expect(applyChallengesEvent(changed, ev('challenges', { challenges: [riddle] })).challenges.map((c) => c.id)).toEqual([8]);
    expect(applyChallengesEvent(changed, { id: null, event: 'challenges', data: '{nope' })).toBe(changed);
    expect(applyChallengesEvent(changed, ev('teams', { teams: [] }))).toBe(changed);
  });

  it('ignores other events, malformed data and a challenge the list does not show', () => {
    const start = list();
    expect(applySubmissionEvent(start, ev('teams', { teams: [] }))).toBe(start);
    expect(applySubmissionEvent(start, { id: null, event: 'submission', data: '{nope' })).toBe(start);
    expect(applySubmissionEvent(start, event(sent(3, { challenge_id: 99 })))).toBe(start);
  });
});

describe('the host review queue applies the staff-only submission event (issue 36)', () => {
  const review = (id: number, over: Partial<ReviewSubmission> = {}): ReviewSubmission => ({
    id,
    game_code: 'ABC123',
    booking_name: 'Acme',
    instance_id: 1,
    instance_status: 'live',
    team: { id: 1, name: 'Foxes' },
    challenge: null,
    kind: 'text',
    text: `answer ${id}`,
    count: null,
    media_url: null,
    status: 'pending',
    rating: null,
    points_awarded: 0,
    reviewer: null,
    reason: null,
    reviewed_at: null,
    submitted_at: `2030-01-01T10:0${id}:00.000Z`,
    ...over,
  });
  const event = (r: ReviewSubmission) => ev('submission', { review: r });
  const approved = (id: number) => review(id, { status: 'approved', points_awarded: 5, reviewed_at: '2030-01-01T10:30:00.000Z' });

  it('puts a new answer in the pending queue, oldest first, and takes it out once reviewed', () => {
    const start = { submissions: [review(2)] };
    const withNew = applyReviewEvent(start, event(review(1)), true);
    expect(withNew.submissions.map((s) => s.id)).toEqual([1, 2]);
    const after = applyReviewEvent(withNew, event(approved(1)), true);
    expect(after.submissions.map((s) => s.id)).toEqual([2]);
  });

  it('keeps every answer in the full list, newest first, with its verdict; ignores the team’s own event', () => {
    const start = { submissions: [approved(1)] };
    const withNew = applyReviewEvent(start, event(review(2)), false);
    expect(withNew.submissions.map((s) => [s.id, s.status])).toEqual([
      [2, 'pending'],
      [1, 'approved'],
    ]);
    expect(applyReviewEvent(withNew, event(review(1)), false)).toBe(withNew);
    expect(applyReviewEvent(withNew, ev('submission', { submission: {}, team: {} }), false)).toBe(withNew);
  });
});
