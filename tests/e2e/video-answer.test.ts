import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { sha256 } from '../../src/server/platform/crypto';
import { VIDEO_CAPS_TEXT, VIDEO_MESSAGES } from '../../src/shared/video-uploads';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * A video answer on a 390 px phone (issue 29, decisions 0420-0424): the player records (here: Chromium's own
 * MediaRecorder films a canvas, a genuine WebM with no duration header, as phones stream it), sees the preview with
 * Retake and Send, retakes once, sends while a bar shows the upload's real progress, and the answer waits for review;
 * the host's console plays the video from its address (byte ranges: 206) and approves it. A challenge that asks for live
 * capture opens the camera only, and a file that is not a video is refused with the server's sentence on the phone.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const TOKEN = 'e2e-video-token-vic-0123456789abcdef';
const FILM = 'Film the war cry';
const LIVE = 'Live: the team wave';

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, {
      ...startableSchedule(),
      players: 4,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
    });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const made = await db
      .insert(challenges)
      .values([
        { name: FILM, description: 'All together, loud.', type: 'RightWrong', maxScore: 7, maxSubmissions: 1, answerMedia: 'video' },
        { name: LIVE, description: 'Wave at the camera, now.', type: 'RightWrong', maxScore: 5, maxSubmissions: 1, answerMedia: 'video', liveCapture: true },
      ])
      .returning({ id: challenges.id });
    await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
    await db.insert(gameChallenges).values(made.map((c, position) => ({ gameId: paid.gameId, challengeId: c.id, position })));
    const [foxes] = await db.insert(instanceTeams).values({ instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' }).returning();
    if (!foxes) throw new Error('no team');
    await db.insert(players).values({ instanceId: instance.id, teamId: foxes.id, name: 'Vic', tokenHash: sha256(TOKEN), location: 'granted', ready: true });
    return { code: paid.gameCode ?? '', instanceId: instance.id };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function phone(): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url, { geolocation: CENTRE, storage: { [`hatch.play.${j.seed.code}`]: TOKEN } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/play/${j.seed.code}`);
  await page.getByRole('tab', { name: 'Challenges' }).click();
  return page;
}

/** About two seconds of a moving canvas, filmed by the phone's own MediaRecorder: the bytes a phone's browser writes. */
function recordWebm(page: Page): Promise<Buffer> {
  return page
    .evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      let frame = 0;
      const draw = () => {
        frame++;
        // Noise, so the encoder has something to write (a larger file: the upload takes long enough to be watched).
        for (let i = 0; i < 40; i++) {
          ctx.fillStyle = `hsl(${(frame * 37 + i * 53) % 360} 80% 50%)`;
          ctx.fillRect((i * 71 + frame * 13) % 320, (i * 29 + frame * 7) % 240, 40, 40);
        }
      };
      draw();
      const timer = setInterval(draw, 40);
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 2_500_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(250);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      return Array.from(new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer()));
    })
    .then((bytes) => Buffer.from(bytes));
}

/** Every value the upload bar took, recorded in the page as it changes (a fast upload shows it for a moment only). */
function watchProgress(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { progressSeen: seen });
    const note = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-valuenow]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => ('progressSeen' in window && Array.isArray(window.progressSeen) ? window.progressSeen.map(Number) : []));

const readyState = (video: ReturnType<Page['locator']>) => video.evaluate((v) => (v instanceof HTMLVideoElement ? v.readyState : -1));

describe('a video answer on a phone', () => {
  let vic: Page;

  it('records, previews with Retake and Send, uploads with real progress, and waits for review', async () => {
    vic = await phone();
    const card = vic.locator(`[data-testid="challenge"][data-name="${FILM}"]`);
    // The caps are shown before anything is picked; this challenge lets the phone offer the gallery too.
    await card.getByTestId('video-caps').getByText(VIDEO_CAPS_TEXT).waitFor();
    expect(await card.getByTestId('video-input').getAttribute('capture')).toBeNull();
    expect(await card.getByTestId('video-input').getAttribute('accept')).toBe('video/*');

    const clip = await recordWebm(vic);
    expect(clip.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const uploads: string[] = [];
    vic.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/submissions/media')) uploads.push(r.url());
    });

    await card.getByTestId('video-input').setInputFiles({ name: 'war-cry.webm', mimeType: 'video/webm', buffer: clip });
    const preview = card.getByTestId('video-preview');
    const previewVideo = preview.locator('video[aria-label*="not sent yet"]');
    await expect.poll(() => readyState(previewVideo), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await preview.textContent()).toContain('Not sent yet');

    // Retake opens the picker again; the second take replaces the first, and still nothing has left the phone.
    const [chooser] = await Promise.all([vic.waitForEvent('filechooser'), preview.getByText('Retake').click()]);
    await chooser.setFiles({ name: 'war-cry-2.webm', mimeType: 'video/webm', buffer: clip });
    await expect.poll(() => readyState(previewVideo), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(uploads).toEqual([]);
    await expectNoSeriousA11yViolations(vic, 'the video preview');

    // A slow uplink (a phone in the street): the bar moves with the bytes really sent.
    await watchProgress(vic);
    const cdp = await vic.context().newCDPSession(vic);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.max(64 * 1024, Math.ceil(clip.length / 3)),
    });
    await preview.getByRole('button', { name: 'Send video' }).click();
    const bar = vic.getByRole('progressbar', { name: 'Uploading the video' });
    await bar.waitFor();
    await preview.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    expect(uploads).toHaveLength(1);
    const seen = await progressSeen(vic);
    // It starts at 0, passes through values between, and ends near or at 100: when the server's answer comes in the
    // same frame as the last bytes' progress, React draws both at once and the bar goes from, say, 97 straight to
    // the sent answer (seen once in a full run on a busy machine).
    expect(seen[0]).toBe(0);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(90);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    await vic.getByText('Sent! The host will review it.').waitFor();
    const sent = card.getByTestId('sent-submission');
    await sent.getByText('Waiting for review').waitFor();
    expect(await sent.textContent()).toContain('Video');
    // The team's own video plays back from the server (fetched with the player's token).
    await expect.poll(() => readyState(card.getByTestId('answer-video')), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const [stored] = await j.server.db.select().from(submissions).where(eq(submissions.instanceId, j.seed.instanceId));
    expect(stored).toMatchObject({ kind: 'video', status: 'pending' });
    expect(errors).toEqual([]);
  });

  it('plays the video back in the host console, answers byte ranges, and the host approves it', async () => {
    const { page: host, errors: hostErrors } = await j.staffPage(`/host/${j.seed.code}`, { viewport: DESKTOP });
    const card = host.locator('[data-testid="review-card"][data-team="Foxes"]');
    await card.waitFor();
    const video = card.getByTestId('review-video');
    await expect.poll(() => readyState(video), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v) => (v instanceof HTMLVideoElement ? v.duration : 0))).toBeGreaterThan(0);
    // The address the player reads: a byte range is answered 206 with its Content-Range (Safari's player asks so).
    const src = (await video.getAttribute('src')) ?? '';
    const ranged = await host.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Range: 'bytes=0-99' } });
      return {
        status: res.status,
        range: res.headers.get('Content-Range'),
        type: res.headers.get('Content-Type'),
        bytes: (await res.arrayBuffer()).byteLength,
      };
    }, src);
    expect(ranged).toMatchObject({ status: 206, type: 'video/webm', bytes: 100 });
    expect(ranged.range).toMatch(/^bytes 0-99\/\d+$/);

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await vic
      .locator(`[data-testid="challenge"][data-name="${FILM}"] [data-testid="sent-submission"][data-status="approved"]`)
      .getByText('Approved: 7 points')
      .waitFor();
    expect(hostErrors).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens only the camera for live capture, and shows the server’s refusal of a file that is not a video', async () => {
    const card = vic.locator(`[data-testid="challenge"][data-name="${LIVE}"]`);
    const input = card.getByTestId('video-input');
    // Live capture: the phone is asked for its camera, not the gallery.
    expect(await input.getAttribute('capture')).toBe('environment');
    await card.getByTestId('video-caps').getByText(`${VIDEO_CAPS_TEXT} · taken now with the camera`).waitFor();

    // A text file dressed as a video: the phone lets it through to the server, which reads its bytes and says no.
    await input.setInputFiles({ name: 'wave.webm', mimeType: 'video/webm', buffer: Buffer.from('this is a note, not a film\n'.repeat(20)) });
    const preview = card.getByTestId('video-preview');
    await preview.getByRole('button', { name: 'Send video' }).click();
    await vic.getByText(VIDEO_MESSAGES.notVideo).first().waitFor();
    // The preview stays for another take; nothing was stored.
    await preview.getByRole('button', { name: 'Send video' }).waitFor();
    expect(await card.getByTestId('sent-submission').count()).toBe(0);
    const stored = await j.server.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.instanceId, j.seed.instanceId));
    expect(stored).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
