import { describe, expect, it } from 'vitest';
import { hostTimeEndpoints as ep } from '../../src/shared/api/endpoints/host-time';
import { HOST_TIME_MESSAGES, type Unavailability } from '../../src/shared/api/host-time';
import { UnavailabilitySection } from '../../src/web/features/host/unavailability-section';
import { answer, callsTo } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/** Issue 31: a host marks from their console when they cannot host, and removes it again. */
describe('host unavailability (component)', () => {
  it('marks a stretch in the browser’s own time, refuses an end before the start without asking, and removes one', async () => {
    let stored: Unavailability[] = [];
    answer(ep.unavailability, () => ({ unavailability: stored }));
    answer(ep.markUnavailable, ({ body }) => {
      const row = { id: stored.length + 1, starts_at: body.starts_at, ends_at: body.ends_at, note: body.note ?? '' };
      stored = [...stored, row];
      return { unavailability: row };
    });
    answer(ep.removeUnavailable, ({ params }) => {
      stored = stored.filter((u) => u.id !== Number(params.id));
      return { ok: true as const };
    });
    const { user } = renderScreen(<UnavailabilitySection />, { path: '/host' });
    await screen.findByText('No unavailable times marked.');

    const from = screen.getByLabelText('From');
    const until = screen.getByLabelText('Until');
    await user.type(from, '2031-09-02T10:00');
    await user.type(until, '2031-09-02T09:00');
    await user.click(screen.getByRole('button', { name: 'Mark unavailable' }));
    await findToast(HOST_TIME_MESSAGES.untilBeforeFrom);
    expect(callsTo(ep.markUnavailable)).toHaveLength(0);

    await user.clear(until);
    await user.type(until, '2031-09-02T18:00');
    await user.type(screen.getByLabelText('Note'), 'Wedding');
    await user.click(screen.getByRole('button', { name: 'Mark unavailable' }));
    await findToast('Marked unavailable');
    // The instants sent are the browser's local times (datetime-local has no zone).
    expect(callsTo(ep.markUnavailable).map((c) => c.body)).toEqual([
      { starts_at: new Date('2031-09-02T10:00').toISOString(), ends_at: new Date('2031-09-02T18:00').toISOString(), note: 'Wedding' },
    ]);
    const list = await screen.findByRole('list', { name: 'Unavailable times' });
    expect(list.textContent).toContain('02/09/2031 10:00 to 02/09/2031 18:00 · Wedding');

    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    await screen.findByText('No unavailable times marked.');
    expect(callsTo(ep.removeUnavailable).map((c) => c.path)).toEqual(['/api/host/unavailability/1']);
  });
});
