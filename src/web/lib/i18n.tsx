import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, localeOf, type Language } from '../../shared/i18n/languages';
import type { Catalogue, MessageValues } from '../../shared/i18n/format';
import type * as EngineModule from '../../shared/i18n/format';
import { matchMessage, translateValues, translateWord } from '../../shared/i18n/message-match';
import { formatSimpleMessage } from '../../shared/i18n/simple-message';
import { applyLanguage, currentLanguage, moneyLocaleOf, subscribeLanguage } from './language';
import type commonEn from '../i18n/en/common.json';
import type wizardEn from '../i18n/en/wizard.json';
import type playEn from '../i18n/en/play.json';
import type screenEn from '../i18n/en/screen.json';
import type resultsEn from '../i18n/en/results.json';
import type staffEn from '../i18n/en/staff.json';
import type hostEn from '../i18n/en/host.json';
import type adminEn from '../i18n/en/admin.json';
import type bookerEn from '../i18n/en/booker.json';
import type publicEn from '../i18n/en/public.json';
import type operationsEn from '../i18n/en/operations.json';
import type contentEn from '../i18n/en/content.json';
import type moneyEn from '../i18n/en/money.json';
import type systemEn from '../i18n/en/system.json';
import type accountEn from '../i18n/en/account.json';

/**
 * The web app's words (decision 0590): one JSON catalogue per language and area (src/web/i18n/<lang>/<area>.json),
 * each its own lazy chunk, and the ICU engine (intl-messageformat) a lazy chunk too. A page asks for its areas with
 * `useT(area)`, which suspends (the route's Suspense shows the spinner) until that area is in, once per language.
 */
type Areas = {
  common: typeof commonEn;
  wizard: typeof wizardEn;
  play: typeof playEn;
  screen: typeof screenEn;
  results: typeof resultsEn;
  /** The staff frame: the admin shell, the staff bar, the staff's switcher (decision 0620). */
  staff: typeof staffEn;
  host: typeof hostEn;
  admin: typeof adminEn;
  booker: typeof bookerEn;
  public: typeof publicEn;
  /** Staff: the booking page's game side (game controls, host, date, places, the heartbeat) and creating a booking. */
  operations: typeof operationsEn;
  /** Staff and host: challenges, markers, scoring, submissions, and the game parts the host console shares. */
  content: typeof contentEn;
  /** Staff: proposals, gift vouchers, payments, prices, promo codes. */
  money: typeof moneyEn;
  /** Staff: integrations, mail, privacy, settings, users. */
  system: typeof systemEn;
  /** Signing in and out, password resets, the recap, and the pages every area shares (not found, an error). */
  account: typeof accountEn;
};
export type Area = keyof Areas;
export type KeyOf<A extends Area> = keyof Areas[A] & string;
export type Translate<A extends Area> = (key: KeyOf<A>, values?: MessageValues) => string;

const webCatalogues = import.meta.glob<Catalogue>('../i18n/*/*.json', { import: 'default' });
const messageCatalogues = import.meta.glob<Catalogue>('../../shared/i18n/*/messages.json', { import: 'default' });

type Loaded = { format: (message: string, values?: MessageValues) => string; catalogue: Catalogue };
const loaded = new Map<string, Promise<Loaded>>();
/** The catalogues that are in: read synchronously, so a screen renders in one pass once its areas arrived. */
const ready = new Map<string, Loaded>();
/** Areas this page has asked for: a switch loads them in the new language before it shows. */
const used = new Set<Area | 'messages'>();

/** Tells a screen that reads a catalogue without waiting for it (useMessageText) that one has arrived. */
let arrivals = 0;
const arrivalListeners = new Set<() => void>();
function arrived(): void {
  arrivals++;
  for (const listener of arrivalListeners) listener();
}
function subscribeArrivals(listener: () => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}
const arrivalCount = () => arrivals;

function load(language: Language, area: Area | 'messages'): Promise<Loaded> {
  const key = `${language}/${area}`;
  let promise = loaded.get(key);
  if (!promise) {
    const file = area === 'messages' ? messageCatalogues[`../../shared/i18n/${language}/messages.json`] : webCatalogues[`../i18n/${language}/${area}.json`];
    const locale = localeOf(language);
    promise = (file ? file() : Promise.resolve({})).then((catalogue) => ({
      catalogue,
      format: (message: string, values?: MessageValues) => formatWith(locale, message, values),
    }));
    promise.then(
      (value) => {
        ready.set(key, value);
        arrived();
      },
      // A failed download (a phone going offline) is not kept: the next render asks again.
      () => loaded.delete(key),
    );
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * The ICU engine (intl-messageformat, 10 KB gzip) is needed only by a message with a plural, a select or an escape:
 * most of a page's words are plain text or a `{name}` filled in, which need no parser. So the engine is not part of a
 * page's first load: it is fetched just after, and a message that needs it before it is in suspends until it is.
 */
type Engine = typeof EngineModule;
let engine: Engine | null = null;
let engineLoad: Promise<Engine> | null = null;
function loadEngine(): Promise<Engine> {
  engineLoad ??= import('../../shared/i18n/format').then(
    (m) => (engine = m),
    (error: unknown) => {
      engineLoad = null;
      throw error;
    },
  );
  return engineLoad;
}

/**
 * Fetches the engine once the first page is on screen (app.tsx, after its first commit): a message that needs it
 * rarely waits then, and the page's first paint never does (issue 37: requested before that paint, it counted in it).
 */
export function loadMessageEngineAfterPaint(): void {
  setTimeout(() => void loadEngine().catch(() => undefined), 0);
}

function formatWith(locale: string, message: string, values?: MessageValues): string {
  // The fast path first even with the engine in: it writes what the engine would (simple-message.test.ts), without
  // parsing and compiling each message.
  const simple = formatSimpleMessage(message, values);
  if (simple !== null) return simple;
  if (engine) return engine.formatMessage(locale, message, values);
  throw loadEngine();
}

/**
 * The area's catalogue if it is in; else the load is thrown, the Suspense protocol (the route's boundary shows its
 * spinner and renders again once it is in). Not React's `use`: a catalogue already in is a plain read, never a
 * suspension, however the render was started.
 */
function read(language: Language, area: Area | 'messages'): Loaded {
  used.add(area);
  const got = ready.get(`${language}/${area}`);
  if (got) return got;
  throw load(language, area);
}

/** The reader's language; a component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/** The reader's language, its Intl locale, and the locale money is written in (none for English: the spec's £15.50). */
export function useLocale(): { language: Language; locale: string; moneyLocale: string | undefined } {
  const language = useLanguage();
  return { language, locale: localeOf(language), moneyLocale: moneyLocaleOf(language) };
}

/**
 * Several areas at once, for a frame whose pages use them further down: they come in together, before the frame
 * shows, so a section that appears later (its data arrived, an error to show) never suspends a page already on screen
 * back to its spinner. The shared rules' messages come too when the reader is not reading English.
 */
export function useAreas(...areas: Area[]): void {
  const language = useLanguage();
  const wanted: (Area | 'messages')[] = language === DEFAULT_LANGUAGE ? areas : [...areas, 'messages'];
  const missing = wanted.filter((area) => {
    used.add(area);
    return !ready.has(`${language}/${area}`);
  });
  if (missing.length > 0) throw Promise.all(missing.map((area) => load(language, area)));
}

/** The area's words in the reader's language: `t('key', { values })`. Suspends until the area's catalogue is in. */
export function useT<A extends Area>(area: A): Translate<A> {
  const { catalogue, format } = read(useLanguage(), area);
  return (key, values) => format(catalogue[key] ?? key, values);
}

/**
 * A message of a shared rule or of the server, written in English where the rule lives (a player count's message,
 * a 422's field message), in the reader's language: the messages catalogue is keyed by that English (decision 0590).
 *
 * It never holds a page back (issue 37): the catalogue (every rule's and refusal's words, tens of KB) is asked for
 * after the page has painted, not with its first load, and until it is in a message reads in English; the screen
 * renders again in the reader's language when it arrives. A message is shown after something the reader did, by
 * when it is in. Frames that show messages at once (the staff area, the booker's pages) load it up front (useAreas).
 */
export function useMessageText(): (english: string) => string {
  const got = useMessages();
  if (!got) return (english) => english;
  const { catalogue, format, locale } = got;
  return (english) => {
    const found = matchMessage(catalogue, english);
    // A value that is a fixed word ('Booking confirmation' in 'Mail: Booking confirmation to …') is translated too.
    return found ? format(found.message, translateValues(catalogue, found.values, locale)) : english;
  };
}

/**
 * A fixed word or label the server writes in English ('Meeting point', 'Paid', a changed field's name and value), in
 * the reader's language through the messages catalogue's exact entries only: free text beside it (an address, a note)
 * is never read as one of the catalogue's sentences, and stays as written when it is no word of the catalogue's.
 */
export function useMessageWord(): (english: string) => string {
  const got = useMessages();
  if (!got) return (english) => english;
  const { catalogue } = got;
  return (english) => translateWord(catalogue, english);
}

/** The messages catalogue in the reader's language once it is in (see useMessageText); null for English or until then. */
function useMessages(): (Loaded & { locale: string }) | null {
  const language = useLanguage();
  useSyncExternalStore(subscribeArrivals, arrivalCount, arrivalCount);
  const got = language === DEFAULT_LANGUAGE ? undefined : ready.get(`${language}/messages`);
  const missing = language !== DEFAULT_LANGUAGE && got === undefined;
  useEffect(() => {
    if (missing) load(language, 'messages').catch(() => undefined);
  }, [language, missing]);
  // English is the catalogue's key: nothing to load or look up.
  if (language === DEFAULT_LANGUAGE) return null;
  used.add('messages');
  return got ? { ...got, locale: localeOf(language) } : null;
}

/**
 * The areas a page reads, in the reader's language, loaded before its first render (app/router.tsx): the page then
 * paints at once instead of suspending, which would show the spinner and hold the page back behind it.
 */
export async function preloadAreas(areas: readonly Area[]): Promise<void> {
  const language = currentLanguage();
  await Promise.all(areas.map((area) => load(language, area)));
}

/** Every area of a language, loaded ahead (a test's screens then render in one pass, as after the first visit). */
export async function preloadLanguage(language: Language): Promise<void> {
  await Promise.all([...AREAS.map((area) => load(language, area)), load(language, 'messages'), loadEngine()]);
}

/** The areas of `Areas`, as values. */
const AREAS = [
  'common',
  'wizard',
  'play',
  'screen',
  'results',
  'staff',
  'host',
  'admin',
  'booker',
  'public',
  'operations',
  'content',
  'money',
  'system',
  'account',
] as const satisfies readonly Area[];

/** Changes the language once the page's areas are in, so the page switches in one step instead of a spinner. */
export async function switchLanguage(language: Language): Promise<void> {
  await Promise.all([...used].map((area) => load(language, area)));
  applyLanguage(language);
}
