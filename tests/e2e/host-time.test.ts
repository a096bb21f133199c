import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/domains/identity/tables/users';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { seriousA11yViolations } from './support/axe';
import { useServerAndBrowser } from './support/journey';
import { expectToast } from './support/toasts';

/**
 * Hosts' time through the whole product (issue 31): staff see who holds a busy host, and a host who marks a day
 * unavailable is refused and marked busy in the picker. What the server refuses is tests/api/host-time.test.ts.
 */
const j = useServerAndBrowser({
  seed: async (db) => {
    const [busy, away] = await db
      .insert(users)
      .values([
        { name: 'Hana Busy', email: 'hana@e2e.test', isHost: true },
        { name: 'Omar Away', email: 'omar@e2e.test', isHost: true },
      ])
      .returning();
    if (!busy || !away) throw new Error('hosts not seeded');
    const held = await createPaidBooking(db, {
      fullName: 'Held Group',
      hosted: true,
      assignedHostId: busy.id,
      utcDateTime: new Date('2031-05-10T10:00:00Z'),
      date: '2031-05-10',
    });
    const open = await createBooking(db, {
      fullName: 'Open Group',
      hosted: true,
      bookingStatus: 'lead',
      utcDateTime: new Date('2031-05-10T11:00:00Z'),
      date: '2031-05-10',
    });
    return { heldCode: held.gameCode, open: open.id, busy: busy.id, away: away.id };
  },
});

describe("hosts' time", () => {
  it('staff see who holds a busy host; a host marks the day unavailable and is refused and marked in the picker', async () => {
    const staff = await j.staffPage(`/admin/bookings/${j.seed.open}`);
    const panel = staff.page.getByRole('region', { name: 'Host Assignment', exact: true });
    const picker = panel.getByLabel('Host', { exact: true });
    const hana = picker.locator('option', { hasText: 'Hana Busy' });
    await expect.poll(() => hana.textContent(), { timeout: 10_000 }).toContain(`busy: on ${j.seed.heldCode}`);
    expect(await hana.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await picker.locator('option', { hasText: 'Omar Away' }).waitFor({ state: 'attached' });
    await picker.selectOption(String(j.seed.away));

    // Meanwhile Omar marks the day of the game unavailable from his console (wide enough for any browser zone).
    const host = await j.staffPage('/host', { email: 'omar@e2e.test' });
    const section = host.page.getByRole('region', { name: 'When you are unavailable', exact: true });
    await section.waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await host.page.getByLabel('From').fill('2031-05-09T12:00');
    await host.page.getByLabel('Until').fill('2031-05-11T12:00');
    await host.page.getByLabel('Note').fill('Family wedding');
    await section.getByRole('button', { name: 'Mark unavailable' }).click();
    await expectToast(host.page, 'Marked unavailable');
    await expect.poll(() => host.page.getByRole('list', { name: 'Unavailable times' }).textContent()).toContain('Family wedding');

    // Staff press Assign with Omar still picked: refused with the reason, and the picker now marks him.
    await panel.getByRole('button', { name: 'Assign Host' }).click();
    await expectToast(staff.page, 'This host marked themselves unavailable');
    await expect.poll(() => picker.locator('option', { hasText: 'Omar Away' }).textContent()).toContain('unavailable');
    expect(await panel.locator('dl').textContent()).toContain('No host assigned');
    expect([...staff.errors, ...host.errors]).toEqual([]);
  });
});
