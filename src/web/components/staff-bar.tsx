import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { User } from '../../shared/api/auth';
import { mayOpen, staffPaths } from '../../shared/staff-access';
import { sessionQuery, useLogOut } from '../lib/session-api';
import { Button } from './ui';

const linkClass = 'text-brand-700 underline hover:text-brand-800';

/**
 * The signed-in staff member on every staff screen outside the admin shell (host console, account, No access): who is
 * signed in, the areas their roles open (shared/staff-access.ts), their account and Log out, so no screen is a dead end.
 */
export function StaffBar({ user: given, current }: { user?: User; current?: 'host' | 'account' }) {
  const me = useQuery({ ...sessionQuery, enabled: given === undefined });
  const logOut = useLogOut();
  const user = given ?? me.data;
  if (!user) return null;
  return (
    <nav aria-label="Your account" className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1 text-sm" data-testid="staff-bar">
      <span className="text-slate-600" title={user.email}>
        Signed in as <strong className="font-semibold text-slate-900">{user.name}</strong>
      </span>
      {mayOpen(user, staffPaths.adminHome) ? (
        <Link to={staffPaths.adminHome} className={linkClass}>
          Admin area
        </Link>
      ) : null}
      {current !== 'host' && mayOpen(user, staffPaths.hostHome) ? (
        <Link to={staffPaths.hostHome} className={linkClass}>
          Host console
        </Link>
      ) : null}
      {current !== 'account' ? (
        <Link to={staffPaths.account} className={linkClass}>
          Account
        </Link>
      ) : null}
      <Button onClick={() => void logOut.run()}>Log out</Button>
    </nav>
  );
}
