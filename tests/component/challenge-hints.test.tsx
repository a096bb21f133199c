import { describe, expect, it } from 'vitest';
import { hintEndpoints } from '../../src/shared/api/endpoints/hints';
import type { TeamHint } from '../../src/shared/api/hints';
import { ChallengeHints } from '../../src/web/features/play/challenge-hints';
import { answer, callsTo } from './support/network';
import { findToast, renderScreen, screen } from './support/render';

/** A challenge's hints on the phone (decision 0581): shown ones read as text, one on request is shown for its points. */
const hint = (over: Partial<TeamHint>): TeamHint => ({
  challenge_id: 7,
  index: 0,
  after_minutes: null,
  cost: 5,
  shown: false,
  taken: false,
  text: null,
  ...over,
});

describe('challenge hints (component)', () => {
  it('shows a hint opened by time, and another for its points once asked', async () => {
    answer(hintEndpoints.list, () => ({
      hints: [hint({ index: 0 }), hint({ index: 1, after_minutes: 20, cost: null, shown: true, text: 'By the river' }), hint({ challenge_id: 8, text: null })],
    }));
    answer(hintEndpoints.take, ({ body }) => ({
      hint: hint({ index: body.index, shown: true, taken: true, text: 'Look up at the clock' }),
      charged: 5,
      team: { id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null, spent: 5 },
    }));
    const { user } = renderScreen(<ChallengeHints code="GAME01" token="tok" challengeId={7} live />, { path: '/play/GAME01' });
    await screen.findByText('By the river');
    expect(screen.getAllByTestId('hint')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show now for 5 points' }));
    await screen.findByText('Look up at the clock');
    await findToast('Hint shown: 5 points spent');
    expect(callsTo(hintEndpoints.take)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Show now/ })).toBeNull();
  });
});
