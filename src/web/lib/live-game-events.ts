import type { z } from 'zod';
import {
  messageEventData,
  playerEventData,
  positionEventData,
  stateEventData,
  teamsEventData,
  type GameMessage,
  type MapPlayer,
  type MapResponse,
  type PublicGame,
} from '../../shared/api/play';
import type { ConsoleResponse } from '../../shared/api/host';
import { foundEventData } from '../../shared/api/hunt';
import {
  challengesEventData,
  reviewEventData,
  submissionEventData,
  type PlayChallenge,
  type PlayChallengesResponse,
  type TeamSubmission,
} from '../../shared/api/play-challenges';
import { allocatePoints, challengeProgress } from '../../shared/scoring/challenge-points';
import type { TeamScore } from '../../shared/scoring/leaderboard';
import type { ReviewSubmission } from '../../shared/api/submissions';
import type { SseEvent } from './event-stream';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { localized } from '../../shared/i18n/content';
import { CHALLENGE_TRANSLATED_FIELDS } from '../../shared/validation/challenge-rules';

/** How many past fixes a trail keeps on screen (the snapshot sends the last 20). */
export const TRAIL_KEEP = 20;

export type TeamsEventTeam = z.infer<typeof teamsEventData>['teams'][number];

/** What every live snapshot has (the player's map, the host console, the organiser's live view). */
type LiveCore<T> = { game: PublicGame; teams: T[]; players: MapPlayer[]; messages: GameMessage[] };

function parseData<S extends z.ZodType>(schema: S, data: string): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Applies one stream event to a live snapshot (decision 0230). Every step is idempotent and keeps the newer
 * fact, because after a reconnect the snapshot is refetched and held events are applied on top of it: a stale
 * position, a message already listed or a player already known changes nothing. An unknown or malformed event is
 * ignored (a newer server may send more types).
 */
export function applyLiveEvent<T extends TeamScore, S extends LiveCore<T>>(snapshot: S, event: SseEvent, toTeam: (incoming: TeamsEventTeam) => T): S {
  switch (event.event) {
    case 'state': {
      const data = parseData(stateEventData, event.data);
      return data ? { ...snapshot, game: data.game } : snapshot;
    }
    case 'teams': {
      const data = parseData(teamsEventData, event.data);
      if (!data) return snapshot;
      return { ...snapshot, teams: data.teams.map(toTeam) };
    }
    case 'found': {
      // A team found the Chicken (decision 0280): the first time counts, a replay changes nothing. The `teams` event
      // that follows carries the same score; this only shows it a moment sooner.
      const data = parseData(foundEventData, event.data);
      if (!data) return snapshot;
      return {
        ...snapshot,
        teams: snapshot.teams.map((t) =>
          t.id === data.team_id && !t.found_chicken_at ? { ...t, found_chicken_at: data.at, chicken_points: data.chicken_points } : t,
        ),
      };
    }
    case 'player': {
      const data = parseData(playerEventData, event.data);
      if (!data) return snapshot;
      const { player } = data;
      const known = snapshot.players.some((p) => p.id === player.id);
      const players = known
        ? snapshot.players.map((p) => (p.id === player.id ? { ...p, ...player } : p))
        : [...snapshot.players, { ...player, position: null, trail: [] }];
      return { ...snapshot, players };
    }
    case 'position': {
      const data = parseData(positionEventData, event.data);
      if (!data) return snapshot;
      let changed = false;
      const players = snapshot.players.map((p) => {
        if (p.id !== data.player_id) return p;
        // An older or repeated fix (a replay after a reconnect) leaves the newer one in place.
        if (p.position && Date.parse(p.position.at) >= Date.parse(data.at)) return p;
        changed = true;
        const trail = p.position ? [...p.trail, p.position].slice(-TRAIL_KEEP) : p.trail;
        return { ...p, team_id: data.team_id, position: { lat: data.lat, lng: data.lng, at: data.at }, trail };
      });
      return changed ? { ...snapshot, players } : snapshot;
    }
    case 'message': {
      // The snapshots list the host's broadcasts; a team's or a host channel's message is the Messages tab's (0580).
      const data = parseData(messageEventData, event.data);
      if (!data || data.channel !== 'all') return snapshot;
      if (data.hidden)
        return snapshot.messages.some((m) => m.id === data.id) ? { ...snapshot, messages: snapshot.messages.filter((m) => m.id !== data.id) } : snapshot;
      if (snapshot.messages.some((m) => m.id === data.id)) return snapshot;
      return { ...snapshot, messages: [...snapshot.messages, data] };
    }
    default:
      return snapshot;
  }
}

/** The player's map snapshot: teams carry their score (every screen ranks it with shared/scoring/leaderboard.ts). */
export const applyMapEvent = (snapshot: MapResponse, event: SseEvent): MapResponse =>
  applyLiveEvent<MapResponse['teams'][number], MapResponse>(snapshot, event, (t) => ({
    id: t.id,
    name: t.name,
    challenge_points: t.challenge_points,
    chicken_points: t.chicken_points,
    adjustments: t.adjustments,
    found_chicken_at: t.found_chicken_at,
    spent: t.spent,
  }));

/** The host console and the organiser's live view: teams with their score and seats. */
export const applyConsoleEvent = (snapshot: ConsoleResponse, event: SseEvent): ConsoleResponse =>
  applyLiveEvent<ConsoleResponse['teams'][number], ConsoleResponse>(snapshot, event, (t) => t);

/** The later of two versions of one submission: a review (or a later re-review) beats what came before it. */
function newerSubmission(known: TeamSubmission, incoming: TeamSubmission): boolean {
  if (known.reviewed_at === null) return true;
  return incoming.reviewed_at !== null && Date.parse(incoming.reviewed_at) >= Date.parse(known.reviewed_at);
}

/** The challenge with one submission put in: the points of all its submissions re-divided as the server does. */
function withSubmission(challenge: PlayChallenge, submission: TeamSubmission): PlayChallenge {
  const others = challenge.submissions.filter((s) => s.id !== submission.id);
  const sent = [...others, submission].sort((a, b) => a.id - b.id);
  const points = allocatePoints(challenge, sent);
  const submissions = sent.map((s) => ({ ...s, points_awarded: points.get(s.id) ?? 0 }));
  return { ...challenge, ...challengeProgress(challenge, submissions), submissions };
}

/**
 * Applies a `submission` event (the team's own submission, sent or reviewed) to the team's challenge list, instead of
 * fetching the list again. Idempotent and keeps the newer fact: a replayed or older version of a submission the list
 * already holds changes nothing; a submission to a challenge the list does not show is left to the next fetch.
 */
export function applySubmissionEvent(list: PlayChallengesResponse, event: SseEvent): PlayChallengesResponse {
  if (event.event !== 'submission') return list;
  const data = parseData(submissionEventData, event.data);
  if (!data) return list;
  const { submission } = data;
  const challenge = list.challenges.find((c) => c.id === submission.challenge_id);
  if (!challenge) return list;
  const known = challenge.submissions.find((s) => s.id === submission.id);
  if (known && !newerSubmission(known, submission)) return list;
  return {
    ...list,
    team: data.team,
    challenges: list.challenges.map((c) => (c === challenge ? withSubmission(c, submission) : c)),
  };
}

/**
 * Applies a `challenges` event (the booker changed the game's challenges during the game, issue 36) to the team's
 * list: the game's challenges in their new order, each challenge the list already shows kept as it is (its
 * submissions, its revealed place), a new one as the event brings it (nothing sent yet), its title and description in
 * the phone's language (the event carries every language's, decision 0630). A replay changes nothing.
 */
export function applyChallengesEvent(list: PlayChallengesResponse, event: SseEvent, language: Language = DEFAULT_LANGUAGE): PlayChallengesResponse {
  if (event.event !== 'challenges') return list;
  const data = parseData(challengesEventData, event.data);
  if (!data) return list;
  const known = new Map(list.challenges.map((c) => [c.id, c]));
  const challenges = data.challenges.map((c) => known.get(c.id) ?? inLanguage(c, language));
  const same = challenges.length === list.challenges.length && challenges.every((c, i) => c === list.challenges[i]);
  return same ? list : { ...list, challenges };
}

function inLanguage({ translations, ...challenge }: PlayChallenge, language: Language): PlayChallenge {
  return localized(challenge, translations, language, CHALLENGE_TRANSLATED_FIELDS);
}

const submittedOrder = (a: ReviewSubmission, b: ReviewSubmission) => Date.parse(a.submitted_at) - Date.parse(b.submitted_at) || a.id - b.id;

/**
 * Applies the staff-only `submission` event (a submission as the review queue shows it, new or reviewed) to the host's
 * queue instead of fetching it again (issue 36). The pending queue (`pendingOnly`) keeps pending ones, oldest first, and
 * drops one once reviewed; the full list keeps every one, newest first. An older version of a submission the queue
 * already holds (a replay) changes nothing.
 */
export function applyReviewEvent<L extends { submissions: ReviewSubmission[] }>(list: L, event: SseEvent, pendingOnly: boolean): L {
  if (event.event !== 'submission') return list;
  const data = parseData(reviewEventData, event.data);
  if (!data) return list;
  const { review } = data;
  const known = list.submissions.find((s) => s.id === review.id);
  if (known?.reviewed_at && (review.reviewed_at === null || Date.parse(review.reviewed_at) < Date.parse(known.reviewed_at))) return list;
  const others = list.submissions.filter((s) => s.id !== review.id);
  if (pendingOnly && review.status !== 'pending') return known ? { ...list, submissions: others } : list;
  const submissions = [...others, review].sort(pendingOnly ? submittedOrder : (a, b) => submittedOrder(b, a));
  return { ...list, submissions };
}
