import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminUsersEndpoints as ep } from '../../src/shared/api/endpoints/admin-users';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import type { User } from '../../src/shared/api/auth';
import { ADMIN } from './support/admin-user';
import { PASSWORD_MESSAGES } from '../../src/shared/validation/password-rules';
import { UsersPage } from '../../src/web/features/admin-users/users-page';
import { answer, calls, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

const HUGO: User = { id: 2, name: 'Hugo Host', email: 'hugo@e2e.test', is_admin: false, is_host: true, created_at: '2030-01-02T10:00:00.000Z' };

/** /admin/users on its own (spec: user management); the journeys and the activity log are tests/e2e/admin-users.test.ts. */
function openUsers(list: User[] = [ADMIN, HUGO]) {
  let users = list;
  answer(ep.list, () => ({ users }));
  answer(authEndpoints.me, { user: ADMIN });
  const utils = renderScreen(<UsersPage />, { path: '/admin/users' });
  return { ...utils, setUsers: (next: User[]) => (users = next) };
}

const writes = () => calls().filter((c) => c.method !== 'GET');

describe('user management (component)', () => {
  it('shows the form messages client-side without calling the server', async () => {
    const { user } = openUsers();
    const newUser = await screen.findByRole('form', { name: 'New User' });
    const upgrade = screen.getByRole('form', { name: 'Upgrade User' });
    const add = within(newUser).getByRole('button', { name: 'Add User' });

    await user.click(add);
    expect((await within(newUser).findAllByText('Name and email are required')).length).toBeGreaterThan(0);
    await user.type(within(newUser).getByLabelText('Name'), 'Nina New');
    await user.type(within(newUser).getByLabelText('Email'), 'nina@e2e.test');
    await user.click(add);
    await within(newUser).findByText('Password is required for new users');
    // The shared password rule runs in the form too: a common password, blanks, or the email itself.
    const password = within(newUser).getByLabelText('Password');
    await user.type(password, 'password');
    await user.click(add);
    await within(newUser).findByText(PASSWORD_MESSAGES.common);
    await user.clear(password);
    await user.type(password, '        ');
    await user.click(add);
    await within(newUser).findByText(PASSWORD_MESSAGES.blank);
    await user.clear(password);
    await user.type(password, 'nina@e2e.test');
    await user.click(add);
    await within(newUser).findByText(PASSWORD_MESSAGES.containsEmail);

    await user.click(within(upgrade).getByRole('button', { name: 'Upgrade User' }));
    await within(upgrade).findByText('Email is required');
    await user.type(within(upgrade).getByLabelText('Email'), 'someone@e2e.test');
    await user.click(within(upgrade).getByRole('button', { name: 'Upgrade User' }));
    await within(upgrade).findByText('Please select at least one role to assign');
    expect(writes()).toEqual([]);
  });

  it('says "Failed to load users" when the list cannot be loaded', async () => {
    answer(ep.list, failWith(500, 'Server Error'));
    answer(authEndpoints.me, { user: ADMIN });
    renderScreen(<UsersPage />, { path: '/admin/users' });
    await findToast('Failed to load users');
  });

  it("shows the server's messages: an email already taken, an unknown email to upgrade", async () => {
    const { user } = openUsers();
    answer(ep.create, failWith(422, 'A user with this email already exists', 'validation_failed'));
    answer(ep.upgrade, failWith(404, 'No user found with this email address', 'not_found'));
    const newUser = await screen.findByRole('form', { name: 'New User' });
    await user.type(within(newUser).getByLabelText('Name'), 'Olive Again');
    await user.type(within(newUser).getByLabelText('Email'), 'OLIVE@e2e.test');
    await user.type(within(newUser).getByLabelText('Password'), 'green-lantern-owl-7');
    await user.click(within(newUser).getByRole('button', { name: 'Add User' }));
    await findToast('A user with this email already exists');
    const upgrade = screen.getByRole('form', { name: 'Upgrade User' });
    await user.type(within(upgrade).getByLabelText('Email'), 'nobody@e2e.test');
    await user.click(within(upgrade).getByLabelText('Host'));
    await user.click(within(upgrade).getByRole('button', { name: 'Upgrade User' }));
    await findToast('No user found with this email address');
  });

  it('asks before inline editing removes every role, and sends nothing until confirmed', async () => {
    const { user, setUsers } = openUsers();
    answer(ep.removeRoles, () => {
      const none = { ...HUGO, is_host: false };
      setUsers([ADMIN, none]);
      return { user: none };
    });
    const row = await screen.findByRole('row', { name: /hugo@e2e\.test/ });
    await user.click(within(row).getByRole('button', { name: 'Edit roles of Hugo Host' }));
    await user.click(within(row).getByLabelText('Host', { exact: true }));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Are you sure you want to remove all roles from this user?');
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);
    expect((within(row).getByLabelText('Host', { exact: true }) as HTMLInputElement).checked).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove roles' }));
    await findToast('User roles removed successfully');
    await waitFor(() => expect(within(screen.getByRole('row', { name: /hugo@e2e\.test/ })).getByText('No roles')).toBeTruthy());
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/admin/users/2/roles']);
    expect(callsTo(ep.updateRoles)).toHaveLength(0);
  });

  it('offers the signed-in admin no way to drop their own admin role', async () => {
    const { user } = openUsers();
    const mine = await screen.findByRole('row', { name: /admin@e2e\.test/ });
    expect(within(mine).queryByRole('button', { name: /Remove roles/ })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: /Edit roles of/ }));
    await waitFor(() => expect((within(mine).getByLabelText('Admin') as HTMLInputElement).disabled).toBe(true));
  });
});
