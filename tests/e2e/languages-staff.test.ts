import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../../src/server/domains/identity/tables/users';
import { hashPassword, setPasswordCost } from '../../src/server/platform/crypto';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { useServerAndBrowser } from './support/journey';

/**
 * Issue 38 for staff (decision 0620): a staff member switches the admin area to German, signs out and in (the
 * browser's own memory of it gone, and on a second browser) and still reads German; a host runs the console in
 * French, on a phone, and opens the big screen in Dutch from it.
 */
const GRETA = { name: 'Greta Admin', email: 'greta@e2e.test', password: 'a-long-admin-passphrase' };
const FABIENNE = { name: 'Fabienne Hôte', email: 'fabienne@e2e.test' };

const j = useServerAndBrowser({
  seed: async (db) => {
    // The test-only cost the server sets at its start anyway (decision 0322): this hash is made before it.
    setPasswordCost('low');
    const [, host] = await db
      .insert(users)
      .values([
        { name: GRETA.name, email: GRETA.email, isAdmin: true, passwordHash: await hashPassword(GRETA.password) },
        { name: FABIENNE.name, email: FABIENNE.email, isHost: true },
      ])
      .returning();
    if (!host) throw new Error('host not seeded');
    const paid = await createPaidBooking(db, { fullName: 'Équipe Lyon', hosted: true, assignedHostId: host.id, ...startableSchedule() });
    return { code: paid.gameCode ?? '', bookingId: paid.booking.id };
  },
});

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(GRETA.email);
  await page.getByLabel('Password', { exact: true }).fill(GRETA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/bookings', { timeout: 15_000 });
}

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
const accountLanguage = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/auth/me')).json()) as { user: { language: string | null } }).user.language);

describe('the staff area', () => {
  it('switches to German, and the account keeps it across a sign-out, a sign-in and another browser', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await logIn(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Bookings' }).waitFor();
    expect(await accountLanguage(page)).toBeNull();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const german = page.getByRole('navigation', { name: 'Verwaltung' });
    await german.getByRole('link', { name: 'Buchungen' }).waitFor();
    await german.getByRole('link', { name: 'Einstellungen' }).waitFor();
    await page.getByRole('link', { name: 'Konto und Passwort' }).waitFor();
    // The bookings list in German too: its title, its views and its table.
    await page.getByRole('heading', { name: 'Buchungen', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Leads & Anfragen' }).waitFor();
    await page.getByRole('link', { name: 'Buchung anlegen' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await expect.poll(() => accountLanguage(page)).toBe('de');
    await expectNoSeriousA11yViolations(page, 'the German admin shell');

    // Out, and the browser forgets its own choice (the cookie): only the account remembers.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.clearCookies({ name: 'hatch_lang' });
    await page.reload();
    expect(await htmlLang(page)).toBe('en');
    await logIn(page);
    expect(await htmlLang(page)).toBe('de');
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Buchungen' }).waitFor();
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    // A booking's page in German: its frame and its sections.
    await page.goto(`/admin/bookings/${j.seed.bookingId}`);
    await page.getByRole('button', { name: '← Zurück zu den Buchungen' }).waitFor();
    await page.getByRole('heading', { name: 'Grunddaten' }).waitFor();
    await page.getByRole('heading', { name: 'Notizen & Kontaktverlauf' }).waitFor();
    await page.getByRole('button', { name: 'Notiz hinzufügen' }).waitFor();

    // Another browser, never switched: German from the first page after the sign-in.
    const other = await newPage(j.browser, j.server.url, PHONE);
    await logIn(other.page);
    expect(await htmlLang(other.page)).toBe('de');
    await other.page.getByRole('button', { name: 'Menü' }).click();
    await other.page.getByRole('link', { name: 'Zahlungen' }).waitFor();
    expect([...errors, ...other.errors]).toEqual([]);
    await context.close();
    await other.context.close();
  });
});

describe('the host console', () => {
  it('speaks French on a host’s phone once they pick it, and opens the big screen in Dutch', async () => {
    const { page, context, errors } = await j.staffPage(`/host/${j.seed.code}`, { viewport: PHONE, email: FABIENNE.email });
    await page.getByRole('heading', { name: `Game ${j.seed.code}` }).waitFor();
    await page.getByRole('button', { name: 'Start Game' }).waitFor();

    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
    await page.getByRole('heading', { name: `Partie ${j.seed.code}` }).waitFor();
    await page.getByRole('heading', { name: 'Équipes' }).waitFor();
    await page.getByRole('heading', { name: 'Messages à tous les joueurs' }).waitFor();
    await page.getByRole('heading', { name: 'Fil et grand écran' }).waitFor();
    await page.getByRole('link', { name: 'Console d’animation' }).waitFor();
    expect(await htmlLang(page)).toBe('fr');
    await expect.poll(() => accountLanguage(page)).toBe('fr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page, 'the French host console (phone)');

    // Kept: the console opens in French again.
    await page.reload();
    await page.getByRole('button', { name: 'Lancer la partie' }).click();
    await page.getByRole('dialog', { name: 'Lancer la partie ?' }).waitFor();
    await page.getByRole('button', { name: 'Oui, lancer' }).click();
    await page.getByText('Partie lancée').first().waitFor();
    await page.getByRole('button', { name: 'Terminer la partie' }).waitFor();
    expect(await page.getByTestId('game-status').textContent()).toBe('en cours');

    // The host picks the projector's language beside the big screen's link.
    await page.getByLabel('Langue du grand écran').selectOption('nl');
    const link = page.getByTestId('screen-link');
    await expect.poll(() => link.getAttribute('href')).toMatch(/\/screen\/[^?]+\?lang=nl$/);
    const projector = await newPage(j.browser, j.server.url, DESKTOP);
    await projector.page.goto((await link.getAttribute('href')) ?? '');
    await projector.page.getByRole('heading', { name: 'Fotomuur' }).waitFor();
    expect(await htmlLang(projector.page)).toBe('nl');
    expect([...errors, ...projector.errors]).toEqual([]);
    await context.close();
    await projector.context.close();
  });
});
