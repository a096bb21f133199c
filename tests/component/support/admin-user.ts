import type { AccountUser } from '../../../src/shared/api/auth';

/** The signed-in administrator a staff screen's session answer names (no language picked: the page follows the browser). */
export const ADMIN: AccountUser = {
  id: 1,
  name: 'Administrator',
  email: 'admin@e2e.test',
  is_admin: true,
  is_host: false,
  created_at: '2030-01-01T10:00:00.000Z',
  language: null,
};
