import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { User } from '../../shared/api/auth';
import { mayOpen, staffPaths } from '../../shared/staff-access';
import { sessionQuery, useLogOut } from '../lib/session-api';
import { Button } from './ui';
import { useT } from '../lib/i18n';
import { StaffLanguageSwitcher } from './staff-language-switcher';

const linkClass = 'text-brand-700 underline hover:text-brand-800';

/**
 * The signed-in staff member on every staff screen outside the admin shell (host console, account, No access): who is
 * signed in, the areas their roles open (shared/staff-access.ts), their account and Log out, so no screen is a dead end,
 * and their language (kept on their account, decision 0620).
 */
export function StaffBar({ user: given, current }: { user?: User; current?: 'host' | 'account' }) {
  const t = useT('staff');
  const me = useQuery({ ...sessionQuery, enabled: given === undefined });
  const logOut = useLogOut();
  const user = given ?? me.data;
  if (!user) return null;
  return (
    <nav aria-label={t('yourAccount')} className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1 text-sm" data-testid="staff-bar">
      <span className="text-slate-600" title={user.email}>
        {t('signedInAs')} <strong className="font-semibold text-slate-900">{user.name}</strong>
      </span>
      {mayOpen(user, staffPaths.adminHome) ? (
        <Link to={staffPaths.adminHome} className={linkClass}>
          {t('adminArea')}
        </Link>
      ) : null}
      {current !== 'host' && mayOpen(user, staffPaths.hostHome) ? (
        <Link to={staffPaths.hostHome} className={linkClass}>
          {t('hostConsole')}
        </Link>
      ) : null}
      {current !== 'account' ? (
        <Link to={staffPaths.account} className={linkClass}>
          {t('account')}
        </Link>
      ) : null}
      <Button onClick={() => void logOut.run()}>{t('logOut')}</Button>
      <StaffLanguageSwitcher />
    </nav>
  );
}
