import { useState } from 'react';
import { Link, NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner';
import { StaffBar } from '../../components/staff-bar';
import { sessionQuery, useLogOut } from '../../lib/session-api';
import { staffHome, staffPaths } from '../../../shared/staff-access';
import { Button } from '../../components/ui';
import { SetupWarning } from './setup-warning';
import { useAreas, useT } from '../../lib/i18n';
import { StaffLanguageSwitcher } from '../../components/staff-language-switcher';

const NAV = [
  { to: paths.admin.bookings, label: 'navBookings' },
  { to: paths.admin.challenges, label: 'navChallenges' },
  { to: paths.admin.proposals, label: 'navProposals' },
  { to: paths.admin.games, label: 'navGames' },
  { to: paths.admin.teams, label: 'navTeams' },
  { to: paths.admin.scoring, label: 'navScoring' },
  { to: paths.admin.submissions, label: 'navSubmissions' },
  { to: paths.admin.payments, label: 'navPayments' },
  { to: paths.admin.prices, label: 'navPrices' },
  { to: paths.admin.promoCodes, label: 'navPromoCodes' },
  { to: paths.admin.giftVouchers, label: 'navGiftVouchers' },
  { to: paths.admin.markers, label: 'navMarkers' },
  { to: paths.admin.users, label: 'navUsers' },
  { to: paths.admin.activity, label: 'navActivity' },
  { to: paths.admin.mail, label: 'navMail' },
  { to: paths.admin.privacy, label: 'navPrivacy' },
  { to: paths.admin.settings, label: 'navSettings' },
] as const;

/** The staff area: a sidebar that collapses below 840 px, the signed-in user, their language (kept, 0620), and logout. */
export function AdminLayout() {
  // Every area the staff pages and the shared parts they show use, in before the frame (no spinner flash later).
  useAreas('staff', 'admin', 'common', 'booker', 'operations', 'content', 'money', 'system', 'account');
  const t = useT('staff');
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const me = useQuery(sessionQuery);
  const logOut = useLogOut();

  if (me.isPending) return <Spinner />;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to={`${paths.login}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
    }
    return <p className="p-8 text-red-700">{t('sessionFailed')}</p>;
  }
  const user = me.data;
  if (!user.is_admin) {
    // Not a dead end: where this user may work instead, their account, and Log out (shared/staff-access.ts).
    const home = staffHome(user);
    return (
      <main className="mx-auto max-w-3xl space-y-4 p-8">
        <StaffBar user={user} />
        <h1 className="text-xl font-semibold">{t('noAccess')}</h1>
        <p>{t('noAccessBody', { email: user.email })}</p>
        {home === staffPaths.hostHome ? (
          <p>
            <Link to={home} className="font-semibold text-brand-700 underline">
              {t('goToYourGames')}
            </Link>
          </p>
        ) : (
          <p>{t('noStaffRole')}</p>
        )}
      </main>
    );
  }

  return (
    <div className="min-h-screen sidebar:flex">
      <header className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white sidebar:hidden">
        <span className="font-bold">{t('brandAdmin')}</span>
        <Button
          variant="unstyled"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((o) => !o)}
          className="rounded-md border border-white/30 px-3 py-1"
        >
          {t('menu')}
        </Button>
      </header>
      <aside
        id="admin-sidebar"
        data-testid="admin-sidebar"
        className={`${menuOpen ? 'block' : 'hidden'} bg-slate-900 text-slate-100 sidebar:block sidebar:min-h-screen sidebar:w-56 sidebar:shrink-0`}
      >
        <div className="hidden px-5 py-5 text-lg font-bold sidebar:block">{t('brandAdmin')}</div>
        <nav aria-label={t('navLabel')}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) => `block px-5 py-2 hover:bg-slate-800 ${isActive ? 'bg-slate-800 font-semibold text-brand-400' : ''}`}
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-700 px-5 py-4 text-sm">
          <p className="truncate" title={user.email}>
            {user.name}
          </p>
          <ul className="mt-2 space-y-1">
            {user.is_host ? (
              <li>
                <Link to={staffPaths.hostHome} className="underline hover:text-brand-400">
                  {t('hostConsole')}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={staffPaths.account} className="underline hover:text-brand-400">
                {t('accountAndPassword')}
              </Link>
            </li>
          </ul>
          <Button variant="unstyled" onClick={() => void logOut.run()} className="mt-2 rounded-md border border-slate-600 px-3 py-1 hover:bg-slate-800">
            {t('logOut')}
          </Button>
          <StaffLanguageSwitcher className="mt-3 rounded-md bg-white px-2 py-1" />
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 sidebar:p-8">
        <SetupWarning />
        <Outlet />
      </main>
    </div>
  );
}
