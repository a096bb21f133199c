import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT, type KeyOf } from '../lib/i18n';
import { paths } from '../lib/paths';

/**
 * The page's words while the `account` catalogue is not in, or when it cannot come (offline, a failed download): this
 * page shows where no route's spinner or frame does (an address that is no page at the top), so it says the English
 * rather than nothing. The same words as `i18n/en/account.json`, which English readers then read unchanged.
 */
const ENGLISH = {
  'notFound.title': 'Page not found',
  'notFound.text': 'There is no page at this address.',
  'notFound.bookAGame': 'Book a game',
  'notFound.backToBookings': 'Back to bookings',
} as const satisfies Partial<Record<KeyOf<'account'>, string>>;
type Words = (key: keyof typeof ENGLISH) => string;
const english: Words = (key) => ENGLISH[key];

/** The words in the reader's language once they are in; the English meanwhile (never a blank page). */
function WithWords({ children }: { children: (t: Words) => ReactNode }) {
  return (
    <Suspense fallback={children(english)}>
      <CatalogueWords>{children}</CatalogueWords>
    </Suspense>
  );
}

function CatalogueWords({ children }: { children: (t: Words) => ReactNode }) {
  const t = useT('account');
  return children(t);
}

function NotFound({ t, back, backLabel }: { t: Words; back: string; backLabel: string }) {
  return (
    <main className="p-8">
      <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.text')}</p>
      <Link className="mt-2 inline-block text-brand-700 underline" to={back}>
        {backLabel}
      </Link>
    </main>
  );
}

/**
 * What an address that is no page shows: said plainly, with the way back to where the visitor can work, named by the
 * caller in the reader's language (a voucher that is not there: back to the booking wizard).
 */
export function NotFoundPage({ back, backLabel }: { back: string; backLabel: string }) {
  return <WithWords>{(t) => <NotFound t={t} back={back} backLabel={backLabel} />}</WithWords>;
}

/** The app's own two ways back: the public site points to the booking wizard; the admin shell (its sidebar stays) to the bookings. */
const WAYS = {
  site: { to: paths.wizard, label: 'notFound.bookAGame' },
  admin: { to: paths.admin.bookings, label: 'notFound.backToBookings' },
} as const satisfies Record<string, { to: string; label: keyof typeof ENGLISH }>;

/** The router's page for an address that is no page, on the public site or inside the admin shell. */
export function RouteNotFoundPage({ within }: { within: keyof typeof WAYS }) {
  const way = WAYS[within];
  return <WithWords>{(t) => <NotFound t={t} back={way.to} backLabel={t(way.label)} />}</WithWords>;
}
