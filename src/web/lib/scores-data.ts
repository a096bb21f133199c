import type { QueryKey } from '@tanstack/react-query';

/**
 * The query keys of a game's scores on the staff screens (the review queue and the scoring page), in one place: a
 * verdict on a submission changes a team's points, so the screen that gives it refreshes both without knowing the
 * other screen's keys.
 */
export const scoresKeys = {
  submissions: ['admin-submissions'] as const,
  submissionList: (game: string, status: string, page: number) => ['admin-submissions', game, status, page] as const,
  scoring: ['admin-scoring'] as const,
  leaderboard: (instanceId: number | null) => ['admin-scoring', 'leaderboard', instanceId] as const,
  instances: ['admin-scoring', 'instances'] as const,
};

/** What a review or an adjustment moves (`invalidates` of its action): the queue and every leaderboard. */
export const scoresChanged: readonly QueryKey[] = [scoresKeys.submissions, scoresKeys.scoring];
