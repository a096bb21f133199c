import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { bookingByCode, chooseCity, expectNoSeriousA11yViolations, stepTitle } from './wizard-support';
import { createPaidBooking, startableSchedule } from '../support/fixtures';

/**
 * Issue 38 in the browser: the wizard booked end to end in German on a 390 px phone whose browser asks for German
 * (Accept-Language: de), totals, dates and money written for de-DE; the switcher, kept for the visitor.
 */
const j = useServerAndBrowser({
  // A German booker's paid game, part-paid (£50 of £120), for the management page in German.
  seed: (db) => createPaidBooking(db, { language: 'de', fullName: 'Anna Schmidt', players: 8, ...startableSchedule() }, 5_000),
});

/** A phone whose browser speaks `locale` (Chromium sends it as Accept-Language). */
async function phoneIn(locale: string) {
  const context = await j.browser.newContext({ baseURL: j.server.url, viewport: PHONE, locale, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Intl writes a no-break space between an amount and its currency: compare with plain spaces. */
const plain = (texts: string[]) => texts.map((t) => t.replace(/[\u00a0\u202f]/g, ' '));

/** The 15th of next month as the German calendar names its day ("Dienstag, 15. Dezember 2026"). */
function germanDay(now = new Date()) {
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  return new RegExp(`15\\. ${d.toLocaleString('de-DE', { month: 'long' })} ${d.getFullYear()}`);
}

async function tempCodeOf(page: Page): Promise<string> {
  const href = await page.getByTestId('manage-link').getAttribute('href');
  return decodeURIComponent(/^\/hatch\/(.+)$/.exec(href ?? '')?.[1] ?? '');
}

describe('the wizard in German', () => {
  it('is booked end to end on a phone with Accept-Language: de, money and dates for de-DE, the booking German', async () => {
    const { page, context, errors } = await phoneIn('de-DE');
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await stepTitle(page, 'Lassen Sie uns Ihr Spiel ausbrüten').waitFor();

    // Next with nothing chosen: the shared rules' messages, in German.
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte wählen Sie eine Stadt, um fortzufahren', { exact: true }).waitFor();
    await page.getByText('Bitte wählen Sie ein Datum', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'German step 0 with messages (phone)');

    await page.getByRole('button', { name: /next month/i }).click();
    await page.getByRole('button', { name: germanDay() }).click();
    await chooseCity(page, 'Lond', /^London/, 'Stadt');
    const use = page.getByRole('button', { name: /verwenden$/ });
    if (await use.count()) await use.click();
    await page.getByRole('textbox', { name: 'Anzahl der Spieler' }).fill('8');
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();

    await stepTitle(page, 'Wählen Sie Ihre Spielart').waitFor();
    expect(plain(await page.getByText(/pro Person/).allTextContents())).toEqual(expect.arrayContaining(['pro Person']));
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await stepTitle(page, 'Optionale Extras').waitFor();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await stepTitle(page, 'Letzter Schritt').waitFor();
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('anna@example.de');
    await page.getByRole('combobox', { name: /Wie haben Sie von uns erfahren/ }).selectOption({ label: 'Mundpropaganda' });
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();

    await stepTitle(page, 'Prüfen Sie Ihre Buchung').waitFor();
    await expectNoSeriousA11yViolations(page, 'German summary (phone)');
    expect(plain(await page.getByRole('term').allTextContents())).toEqual(
      expect.arrayContaining(['Datum und Uhrzeit', 'Stadt', 'Spieler', '15 £ pro Person × 8 Spieler', 'Gesamt']),
    );
    const values = plain(await page.getByRole('definition').allTextContents());
    expect(values).toEqual(expect.arrayContaining(['London', '8', '120 £']));
    // The game's moment in German words: "Dienstag, 15. Dezember 2026 um 15:00".
    expect(values.some((v) => germanDay().test(v) && / um \d\d:\d\d/.test(v))).toBe(true);
    await page.getByRole('button', { name: 'Jetzt buchen' }).click();

    await stepTitle(page, 'Ihr Spiel ist gebucht!').waitFor();
    const booking = await bookingByCode(page, await tempCodeOf(page));
    expect(booking).toMatchObject({ language: 'de', players: 8, city: 'London', referral_source: 'Word of mouth', total_price: 120 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the language switcher', () => {
  it('switches the page in place and keeps the choice for the visitor; ?lang=xx picks and keeps one too', async () => {
    const { page, context, errors } = await phoneIn('en-GB');
    await page.goto('/');
    await stepTitle(page, "Let's hatch your game").waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await stepTitle(page, 'Faisons éclore votre partie').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.reload();
    await stepTitle(page, 'Faisons éclore votre partie').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.goto('/?lang=nl');
    await stepTitle(page, 'Laten we uw spel uitbroeden').waitFor();
    await page.goto('/');
    await stepTitle(page, 'Laten we uw spel uitbroeden').waitFor();
    await page.getByRole('combobox', { name: 'Taal' }).selectOption('es');
    await stepTitle(page, 'Vamos a incubar tu partida').waitFor();
    await expectNoSeriousA11yViolations(page, 'Spanish step 0 (phone)');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the booker’s page in German', () => {
  it('reads in German with Accept-Language: de, amounts and days for de-DE, and the switcher changes it in place and keeps it', async () => {
    const { page, context, errors } = await phoneIn('de-DE');
    const { booking } = j.seed;
    await page.goto(`/manage/${booking.manageKey}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('heading', { level: 1, name: 'Ihr Spiel' }).waitFor();
    await page.getByRole('navigation', { name: 'Spieleinrichtung' }).waitFor();
    for (const title of ['Buchung', 'Zahlung', 'Aufgaben', 'Treffpunkt und Versteck', 'Spielgebiet', 'Teams', 'Das Chicken', 'Ihr Spiel aktivieren'])
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
    // The payment panel: £120 total, £50 paid, £70 due, written for a German reader.
    await page.getByTestId('payment-panel').waitFor();
    expect(plain([await page.getByTestId('paid-amount').innerText(), await page.getByTestId('balance-due').innerText()])).toEqual(['50,00 £', '70,00 £']);
    await page
      .getByRole('button', { name: /^Restbetrag bezahlen \(70,00\s£\)$/ })
      .or(page.getByText('Per Überweisung bezahlen'))
      .first()
      .waitFor();
    const summary = plain(await page.getByTestId('booking-summary').allInnerTexts()).join('\n');
    expect(summary).toContain('Gesamt');
    expect(summary).toMatch(/\d+\. \S+ 20\d\d um \d\d:\d\d/);
    expect(summary).not.toContain('Time zone');
    await page.getByRole('button', { name: 'Spiel aktivieren' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'German management page (phone)');

    // The switcher in the brand bar: French in place, then kept at the next visit.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('fr');
    await page.getByRole('heading', { level: 1, name: 'Votre partie' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Zone de jeu', exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Votre partie' }).waitFor();
    await page.getByRole('button', { name: 'Activer la partie' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
