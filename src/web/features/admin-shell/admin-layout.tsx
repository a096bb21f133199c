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

const NAV = [
  { to: paths.admin.bookings, label: 'Bookings' },
  { to: paths.admin.challenges, label: 'Challenges' },
  { to: paths.admin.proposals, label: 'Proposals' },
  { to: paths.admin.games, label: 'Games' },
  { to: paths.admin.teams, label: 'Teams' },
  { to: paths.admin.scoring, label: 'Scoring' },
  { to: paths.admin.submissions, label: 'Submissions' },
  { to: paths.admin.payments, label: 'Payments' },
  { to: paths.admin.prices, label: 'Prices' },
  { to: paths.admin.promoCodes, label: 'Promo codes' },
  { to: paths.admin.giftVouchers, label: 'Gift vouchers' },
  { to: paths.admin.markers, label: 'Markers' },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.activity, label: 'Activity' },
  { to: paths.admin.mail, label: 'Mail' },
  { to: paths.admin.privacy, label: 'Privacy' },
  { to: paths.admin.settings, label: 'Settings' },
];

/** The staff area: a sidebar that collapses below 840 px, the signed-in user, and logout. */
export function AdminLayout() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const me = useQuery(sessionQuery);
  const logOut = useLogOut();

  if (me.isPending) return <Spinner />;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to={`${paths.login}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
    }
    return <p className="p-8 text-red-700">Failed to load your session. Please refresh the page.</p>;
  }
  const user = me.data;
  if (!user.is_admin) {
    // Not a dead end: where this user may work instead, their account, and Log out (shared/staff-access.ts).
    const home = staffHome(user);
    return (
      <main className="mx-auto max-w-3xl space-y-4 p-8">
        <StaffBar user={user} />
        <h1 className="text-xl font-semibold">No access</h1>
        <p>Your account ({user.email}) is not a staff administrator, so the admin area is closed to you.</p>
        {home === staffPaths.hostHome ? (
          <p>
            <Link to={home} className="font-semibold text-brand-700 underline">
              Go to your games
            </Link>
          </p>
        ) : (
          <p>Your account has no staff role yet. Ask an administrator to give you one.</p>
        )}
      </main>
    );
  }

  return (
    <div className="min-h-screen sidebar:flex">
      <header className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white sidebar:hidden">
        <span className="font-bold">hatch admin</span>
        <Button
          variant="unstyled"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((o) => !o)}
          className="rounded-md border border-white/30 px-3 py-1"
        >
          Menu
        </Button>
      </header>
      <aside
        id="admin-sidebar"
        data-testid="admin-sidebar"
        className={`${menuOpen ? 'block' : 'hidden'} bg-slate-900 text-slate-100 sidebar:block sidebar:min-h-screen sidebar:w-56 sidebar:shrink-0`}
      >
        <div className="hidden px-5 py-5 text-lg font-bold sidebar:block">hatch admin</div>
        <nav aria-label="Admin">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) => `block px-5 py-2 hover:bg-slate-800 ${isActive ? 'bg-slate-800 font-semibold text-brand-400' : ''}`}
                >
                  {item.label}
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
                  Host console
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={staffPaths.account} className="underline hover:text-brand-400">
                Account and password
              </Link>
            </li>
          </ul>
          <Button variant="unstyled" onClick={() => void logOut.run()} className="mt-2 rounded-md border border-slate-600 px-3 py-1 hover:bg-slate-800">
            Log out
          </Button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 sidebar:p-8">
        <SetupWarning />
        <Outlet />
      </main>
    </div>
  );
}
