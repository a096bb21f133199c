import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { preloadAreas, type Area } from '../lib/i18n';
import { FIRST_RENDER_AREAS } from '../../shared/i18n/first-render-areas';
import { RouteNotFoundPage } from '../components/not-found-page';
import { Spinner } from '../components/spinner';
import { RouteErrorBoundary } from './route-error-boundary';

/** What each route's element needs before it can render without suspending (preloadRoute). */
const preloads = new WeakMap<object, () => Promise<unknown>>();

/**
 * A page in its own chunk: the booking wizard's first load carries no admin, chart or map code. Once its module is in
 * (preloadRoute, or a first render that suspended) the page renders directly, never through the lazy boundary again.
 */
function lazyElement(load: () => Promise<{ default: ComponentType }>, areas: readonly Area[] = []) {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const loadPage = () => {
    loading ??= load().then(
      (page) => (loaded = page.default),
      (error: unknown) => {
        // A failed download (a phone going offline) is asked for again on the next render.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await loadPage() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const element = (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
  preloads.set(element, () => Promise.all([loadPage(), preloadAreas(areas)]));
  return element;
}

/** A top-level page that needs the query client and toasts (everything but the wizard): both chunks at once. */
function areaElement(load: () => Promise<{ default: ComponentType }>) {
  return lazyElement(() =>
    Promise.all([import('./area-providers'), load()]).then(([{ withAreaProviders }, page]) => ({ default: withAreaProviders(page.default) })),
  );
}

// Declarative routes (useRoutes under BrowserRouter), not createBrowserRouter: nothing here uses loaders,
// actions or fetchers, and the data router costs ~17 KB gzip of the wizard's first load.
const routes: RouteObject[] = [
  { path: '/', element: lazyElement(() => import('../features/wizard/wizard-page').then((m) => ({ default: m.WizardPage })), FIRST_RENDER_AREAS['/']) },
  { path: '/login', element: areaElement(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage }))) },
  // Staff accounts (issue 19): a forgotten password's two pages, and the account page (change password).
  { path: '/forgot-password', element: areaElement(() => import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage }))) },
  {
    path: '/reset-password/:token',
    element: areaElement(() => import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage }))),
  },
  // A mailed one-time sign-in link (issue 36, decision 0528): asking for one, and the page it opens.
  { path: '/sign-in-link', element: areaElement(() => import('../features/auth/sign-in-link-page').then((m) => ({ default: m.SignInLinkPage }))) },
  { path: '/sign-in/:token', element: areaElement(() => import('../features/auth/sign-in-page').then((m) => ({ default: m.SignInPage }))) },
  { path: '/account', element: areaElement(() => import('../features/account/account-page').then((m) => ({ default: m.AccountPage }))) },
  { path: '/hatch/:tempCode', element: areaElement(() => import('../features/booker/hatch-page').then((m) => ({ default: m.HatchPage }))) },
  { path: '/booking/:code', element: areaElement(() => import('../features/booker/join-page').then((m) => ({ default: m.JoinPage }))) },
  { path: '/proposal/:token', element: areaElement(() => import('../features/proposal/proposal-page').then((m) => ({ default: m.ProposalPage }))) },
  { path: '/manage/:key/paid', element: areaElement(() => import('../features/booker/payment-return-page').then((m) => ({ default: m.PaymentReturnPage }))) },
  { path: '/manage/:key', element: areaElement(() => import('../features/booker/manage-page').then((m) => ({ default: m.ManagePage }))) },
  // After the game (issue 31): the booker rates it from the feedback request mail's link.
  { path: '/manage/:key/feedback', element: areaElement(() => import('../features/feedback/feedback-page').then((m) => ({ default: m.FeedbackPage }))) },
  // The live game (issue 13): the player app and the host console, each its own chunk (Leaflet loads only with a map).
  { path: '/play', element: areaElement(() => import('../features/play/play-page').then((m) => ({ default: m.PlayHomePage }))) },
  { path: '/play/:code', element: areaElement(() => import('../features/play/play-page').then((m) => ({ default: m.PlayPage }))) },
  // After the game (issue 14): results and the photo album, for players and for the organiser.
  { path: '/play/:code/results', element: areaElement(() => import('../features/results/results-page').then((m) => ({ default: m.PlayResultsPage }))) },
  { path: '/manage/:key/results', element: areaElement(() => import('../features/results/results-page').then((m) => ({ default: m.ManageResultsPage }))) },
  // Issue 29: the big screen (a projector, by its private link) and the recap the organiser published.
  { path: '/screen/:token', element: areaElement(() => import('../features/screen/screen-page').then((m) => ({ default: m.ScreenPage }))) },
  { path: '/recap/:token', element: areaElement(() => import('../features/recap/recap-page').then((m) => ({ default: m.RecapPage }))) },
  // Gift vouchers (issue 32): buying one, and the voucher's printable page (from the buyer's mail and the checkout's return).
  { path: '/gift-vouchers', element: areaElement(() => import('../features/gift-vouchers/buy-page').then((m) => ({ default: m.BuyGiftVoucherPage }))) },
  {
    path: '/gift-vouchers/:token',
    element: areaElement(() => import('../features/gift-vouchers/voucher-page').then((m) => ({ default: m.GiftVoucherPage }))),
  },
  // The privacy notice (issue 41), linked from the wizard and the join page.
  { path: '/privacy', element: areaElement(() => import('../features/privacy/privacy-notice-page').then((m) => ({ default: m.PrivacyNoticePage }))) },
  { path: '/host', element: areaElement(() => import('../features/host/host-games-page').then((m) => ({ default: m.HostGamesPage }))) },
  { path: '/host/:code', element: areaElement(() => import('../features/host/host-console-page').then((m) => ({ default: m.HostConsolePage }))) },
  {
    path: '/admin',
    element: areaElement(() => import('../features/admin-shell/admin-layout').then((m) => ({ default: m.AdminLayout }))),
    children: [
      { index: true, element: <Navigate to="/admin/bookings" replace /> },
      { path: 'bookings', element: lazyElement(() => import('../features/admin-bookings/bookings-page').then((m) => ({ default: m.BookingsPage }))) },
      {
        path: 'bookings/create',
        element: lazyElement(() => import('../features/admin-bookings/create-booking-page').then((m) => ({ default: m.CreateBookingPage }))),
      },
      {
        path: 'bookings/:id',
        element: lazyElement(() => import('../features/admin-booking-detail/booking-detail-page').then((m) => ({ default: m.BookingDetailPage }))),
      },
      { path: 'challenges', element: lazyElement(() => import('../features/admin-challenges/challenges-page').then((m) => ({ default: m.ChallengesPage }))) },
      {
        path: 'challenges/create',
        element: lazyElement(() => import('../features/admin-challenges/challenge-form-page').then((m) => ({ default: m.ChallengeFormPage }))),
      },
      {
        path: 'challenges/:id/edit',
        element: lazyElement(() => import('../features/admin-challenges/challenge-form-page').then((m) => ({ default: m.ChallengeFormPage }))),
      },
      { path: 'privacy', element: lazyElement(() => import('../features/admin-privacy/privacy-page').then((m) => ({ default: m.PrivacyPage }))) },
      { path: 'users', element: lazyElement(() => import('../features/admin-users/users-page').then((m) => ({ default: m.UsersPage }))) },
      { path: 'activity', element: lazyElement(() => import('../features/admin-activity/activity-page').then((m) => ({ default: m.ActivityPage }))) },
      { path: 'mail', element: lazyElement(() => import('../features/admin-mail/mail-page').then((m) => ({ default: m.MailPage }))) },
      { path: 'proposals', element: lazyElement(() => import('../features/admin-proposals/proposals-page').then((m) => ({ default: m.ProposalsPage }))) },
      { path: 'games', element: lazyElement(() => import('../features/admin-overview/overview-pages').then((m) => ({ default: m.GamesPage }))) },
      { path: 'payments', element: lazyElement(() => import('../features/admin-payments/payments-page').then((m) => ({ default: m.PaymentsPage }))) },
      { path: 'prices', element: lazyElement(() => import('../features/admin-prices/prices-page').then((m) => ({ default: m.PricesPage }))) },
      {
        path: 'promo-codes',
        element: lazyElement(() => import('../features/admin-promo-codes/promo-codes-page').then((m) => ({ default: m.PromoCodesPage }))),
      },
      {
        path: 'gift-vouchers',
        element: lazyElement(() => import('../features/admin-gift-vouchers/gift-vouchers-page').then((m) => ({ default: m.GiftVouchersPage }))),
      },
      {
        path: 'gift-vouchers/:id',
        element: lazyElement(() => import('../features/admin-gift-vouchers/gift-voucher-detail-page').then((m) => ({ default: m.GiftVoucherDetailPage }))),
      },
      { path: 'teams', element: lazyElement(() => import('../features/admin-overview/overview-pages').then((m) => ({ default: m.TeamsPage }))) },
      {
        path: 'submissions',
        element: lazyElement(() => import('../features/admin-submissions/submissions-page').then((m) => ({ default: m.SubmissionsPage }))),
      },
      { path: 'scoring', element: lazyElement(() => import('../features/admin-scoring/scoring-page').then((m) => ({ default: m.ScoringPage }))) },
      { path: 'settings', element: lazyElement(() => import('../features/admin-settings/settings-page').then((m) => ({ default: m.SettingsPage }))) },
      {
        path: 'settings/integrations',
        element: lazyElement(() => import('../features/admin-integrations/integrations-page').then((m) => ({ default: m.IntegrationsPage }))),
      },
      { path: 'markers', element: lazyElement(() => import('../features/admin-markers/markers-page').then((m) => ({ default: m.MarkersPage }))) },
      // An admin address that is no page: said inside the shell, not a blank page (issue 21).
      { path: '*', element: <RouteNotFoundPage within="admin" /> },
    ],
  },
  { path: '*', element: <RouteNotFoundPage within="site" /> },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>;
}

/**
 * Loads what the page at `pathname` needs to render without suspending (its chunks, which index.html already asks
 * for, and its areas' words). main.tsx waits for it before the first render: a page that suspended instead would show
 * the spinner first, and React holds a boundary's content back for 300 ms once its fallback is on screen.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) => {
      const preload = typeof route.element === 'object' && route.element !== null ? preloads.get(route.element) : undefined;
      return preload?.();
    }),
  );
}
