import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminSubmissionsEndpoints } from '../../src/shared/api/endpoints/admin-review';
import { hostReviewEndpoints } from '../../src/shared/api/endpoints/play-challenges';
import { ReviewPanel } from '../../src/web/features/host/review-panel';
import { SubmissionsPage } from '../../src/web/features/admin-submissions/submissions-page';
import { answer, callsTo } from './support/network';
import { reviewChallenge, reviewSubmission } from './support/review';
import { findToast, renderScreen, screen, within } from './support/render';

/** The same queue on both screens: one waiting, one approved, one rejected, one rated, one whose challenge was deleted. */
const QUEUE = [
  reviewSubmission(1, 'Waiting Wolves', {}),
  reviewSubmission(2, 'Approved Otters', { status: 'approved', points_awarded: 6 }),
  reviewSubmission(3, 'Rejected Rooks', { status: 'rejected', reason: 'Blurry' }),
  reviewSubmission(4, 'Rated Ravens', { status: 'approved', challenge: reviewChallenge('Rating'), kind: 'photo', count: null, rating: 4, points_awarded: 8 }),
  reviewSubmission(5, 'Orphan Owls', { challenge: null }),
];

type Choices = { approve: 'enabled' | 'disabled' | 'absent'; rate: boolean; reject: 'enabled' | 'disabled' };

function choices(card: HTMLElement): Choices {
  const approve = within(card).queryByRole('button', { name: 'Approve' });
  const reject = within(card).getByRole('button', { name: 'Reject' });
  return {
    approve: approve ? (approve.hasAttribute('disabled') ? 'disabled' : 'enabled') : 'absent',
    rate: within(card).queryByRole('button', { name: 'Rate' }) !== null,
    reject: reject.hasAttribute('disabled') ? 'disabled' : 'enabled',
  };
}

/** One rule (src/shared/scoring/review-options.ts) on both review screens. */
const EXPECTED: Record<string, Choices> = {
  'Waiting Wolves': { approve: 'enabled', rate: false, reject: 'enabled' },
  'Approved Otters': { approve: 'disabled', rate: false, reject: 'enabled' },
  'Rejected Rooks': { approve: 'enabled', rate: false, reject: 'disabled' },
  'Rated Ravens': { approve: 'absent', rate: true, reject: 'enabled' },
  'Orphan Owls': { approve: 'absent', rate: false, reject: 'enabled' },
};

describe('review choices (component)', () => {
  it('are the same on the host console and the staff queue', async () => {
    answer(hostReviewEndpoints.list, { submissions: QUEUE });
    const host = renderScreen(<ReviewPanel code="GAME01" />, { path: '/host/games/GAME01' });
    await screen.findAllByTestId('review-card');
    const onHost = Object.fromEntries(screen.getAllByTestId('review-card').map((card) => [card.dataset.team ?? '', choices(card)]));
    expect(onHost).toEqual(EXPECTED);
    host.unmount();

    answer(adminSubmissionsEndpoints.list, { submissions: QUEUE, pagination: { current_page: 1, per_page: 20, total: QUEUE.length, last_page: 1 } });
    renderScreen(<SubmissionsPage />, { path: '/admin/submissions?status=all', route: '/admin/submissions' });
    await screen.findAllByTestId('review-card');
    const onStaff = Object.fromEntries(screen.getAllByTestId('review-card').map((card) => [card.dataset.team ?? '', choices(card)]));
    expect(onStaff).toEqual(EXPECTED);
  });
});

/** A queue the review calls change: approving answers the submission approved, and the next list read shows it so. */
function approvingQueue() {
  let queue = [reviewSubmission(1, 'Waiting Wolves', {})];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    list: () => ({ submissions: queue }),
    approve: async ({ params }: { params: { id: string } }) => {
      // Held until the test has seen the card while the call runs.
      await held;
      queue = queue.map((s) => (s.id === Number(params.id) ? { ...s, status: 'approved' as const, points_awarded: 6 } : s));
      const team = { id: 1, name: 'Waiting Wolves', challenge_points: 6, chicken_points: 0, adjustments: 0, found_chicken_at: null };
      return { submission: queue[0] ?? reviewSubmission(1, 'Waiting Wolves', {}), team };
    },
    release: () => release(),
  };
}

const approveButton = (card: HTMLElement) => within(card).getByRole('button', { name: 'Approve' });

/** Approve, the buttons wait while it is saved, the toast says so, and the card, read again, cannot be approved twice. */
async function approveOnce(user: { click: (element: Element) => Promise<void> }, queue: ReturnType<typeof approvingQueue>, toast: string) {
  const card = (await screen.findAllByTestId('review-card'))[0];
  if (!card) throw new Error('no card');
  expect(approveButton(card).hasAttribute('disabled')).toBe(false);
  await user.click(approveButton(card));
  await waitFor(() => expect(approveButton(card).hasAttribute('disabled')).toBe(true));
  expect(within(card).getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(true);
  queue.release();
  await findToast(toast);
  await within(card).findByText('Approved');
  expect(approveButton(card).hasAttribute('disabled')).toBe(true);
  expect(within(card).getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(false);
}

describe('approving a submission (component)', () => {
  it('on the host console: Approve waits while it is saved, then stays disabled once the submission is approved', async () => {
    const queue = approvingQueue();
    answer(hostReviewEndpoints.list, queue.list);
    answer(hostReviewEndpoints.approve, queue.approve);
    const { user } = renderScreen(<ReviewPanel code="GAME01" />, { path: '/host/games/GAME01' });
    // Reviewed ones stay listed once they are shown too.
    await user.click(await screen.findByRole('checkbox', { name: 'Show reviewed ones too' }));
    await approveOnce(user, queue, 'Approved');
    expect(callsTo(hostReviewEndpoints.approve)).toHaveLength(1);
  });

  it('on the staff queue: Approve waits while it is saved, then stays disabled once the submission is approved', async () => {
    const queue = approvingQueue();
    answer(adminSubmissionsEndpoints.list, () => ({ ...queue.list(), pagination: { current_page: 1, per_page: 20, total: 1, last_page: 1 } }));
    answer(adminSubmissionsEndpoints.approve, queue.approve);
    const { user } = renderScreen(<SubmissionsPage />, { path: '/admin/submissions?status=all', route: '/admin/submissions' });
    await approveOnce(user, queue, 'Submission approved: Waiting Wolves now has 6 points');
    expect(callsTo(adminSubmissionsEndpoints.approve)).toHaveLength(1);
  });
});
