/**
 * Where staff belong (issue 19, decision 0170): one rule for the login page, the admin shell's "No access" page and
 * the account page. The server's guards enforce the same split: `/api/admin` needs an admin (domains/identity/admin-guard.ts),
 * `/api/host` an admin or a host (domains/identity/staff-guard.ts).
 */
export type StaffRoles = { is_admin: boolean; is_host: boolean };

export const staffPaths = {
  login: '/login',
  adminHome: '/admin/bookings',
  hostHome: '/host',
  account: '/account',
  forgotPassword: '/forgot-password',
  /** The page a mailed reset link opens; the token is in the path, never sent to another site (same-origin referrer). */
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  /** Asking for a mailed one-time sign-in link, and the page that link opens (decision 0528). */
  signInLink: '/sign-in-link',
  signIn: (token: string) => `/sign-in/${encodeURIComponent(token)}`,
} as const;

/** Where a user lands after login with no (usable) `next`: the admin area, else their games, else their account. */
export function staffHome(user: StaffRoles): string {
  if (user.is_admin) return staffPaths.adminHome;
  if (user.is_host) return staffPaths.hostHome;
  return staffPaths.account;
}

function isUnder(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** Whether this user may open a page of this site (a path, with or without query): staff areas by role, the rest open. */
export function mayOpen(user: StaffRoles, path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (isUnder(pathname, '/admin')) return user.is_admin;
  if (isUnder(pathname, '/host')) return user.is_admin || user.is_host;
  return true;
}

/** After login: the `next` the login page was given when this user may open it (already made safe), else their home. */
export function landingAfterLogin(user: StaffRoles, safeNext: string | null): string {
  return safeNext && mayOpen(user, safeNext) ? safeNext : staffHome(user);
}
