import { describe, expect, it } from 'vitest';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameInstances, instanceTeams } from '../../src/server/domains/game/tables/games';
import { insertSubmission } from '../../src/server/domains/game/submissions/submissions-repository';
import { createMediaStorage, storePhoto } from '../../src/server/platform/storage';
import { loadConfig } from '../../src/server/platform/config';
import { createPaidBooking } from '../support/fixtures';
import { useServerAndBrowser } from './support/journey';

/**
 * The review → leaderboard flow: the live game, its teams and a photo submission are written into the server's
 * database and photo folder (the players' submit is tested in challenges-play); the rest goes through the screens.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP438AARAwQCgAt7gX9iz9uhAAAAABJRU5ErkJggg==', 'base64');
const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, { fullName: 'Rae Review' });
    const [instance] = await db.insert(gameInstances).values({ gameId: paid.gameId, status: 'live' }).returning();
    if (!instance) throw new Error('instance not seeded');
    const [foxes] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    const [challenge] = await db.insert(challenges).values({ name: 'Statue Pose', description: 'Copy a statue.', type: 'Rating', maxScore: 20 }).returning();
    if (!foxes || !challenge) throw new Error('not seeded');
    return { instanceId: instance.id, foxesId: foxes.id, challengeId: challenge.id };
  },
});

describe('review → leaderboard', () => {
  it('the host rates a photo, the leaderboard moves, and an adjustment with a reason moves it again', async () => {
    // The photo goes where the running server keeps its files (its data folder exists once it has started).
    const mediaKey = await storePhoto(createMediaStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: j.server.dataDir })), j.seed.instanceId, PNG);
    await insertSubmission(j.server.db, { instanceId: j.seed.instanceId, teamId: j.seed.foxesId, challengeId: j.seed.challengeId, kind: 'photo', mediaKey });
    const { page, context, errors } = await j.staffPage('/admin/submissions');
    const card = page.getByTestId('review-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Statue Pose');
    const photo = card.getByRole('img', { name: 'Photo from Foxes' });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="review-card"] img');
      return img?.complete && img.naturalWidth === 2;
    });
    expect(await photo.isVisible()).toBe(true);

    await card.getByLabel('Rating').selectOption('4');
    await card.getByRole('button', { name: 'Rate' }).click();
    await page.getByText('Submission rated: Foxes now has 16 points').waitFor();
    await page.getByText('Nothing waiting for review.').waitFor();

    await page.goto(`/admin/scoring?instance=${j.seed.instanceId}`);
    const foxes = page.getByTestId('leaderboard-row').filter({ hasText: 'Foxes' });
    await foxes.waitFor();
    expect(await foxes.getByTestId('team-total').textContent()).toBe('16');
    expect(await page.getByTestId('leaderboard-row').first().textContent()).toContain('Foxes');

    const owls = page.getByTestId('leaderboard-row').filter({ hasText: 'Owls' });
    await owls.getByRole('button', { name: 'Adjust' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Owls' });
    await dialog.getByLabel('Points').fill('25');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await page.getByText('Please enter a reason').first().waitFor();
    await dialog.getByLabel('Reason').fill('Best costume');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await page.getByText('+25 points for Owls: total 25').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="leaderboard-row"]')?.textContent?.includes('Owls'));
    expect(await owls.getByTestId('team-total').textContent()).toBe('25');
    await page.getByText('Best costume').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
