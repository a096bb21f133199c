import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/api/auth';
import { DEFAULT_ADMIN_TIMEZONE, formatTimestamp } from '../../../shared/time';
import { Dialog, EmptyTableRow } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toast';
import { fetchMe, sessionQueryKey } from '../../lib/session-api';
import { NewUserForm, UpgradeUserForm } from './user-forms';
import { fetchUsers, removeRoles, updateRoles, usersKey } from './users-api';

export const REMOVE_ROLES_CONFIRM = 'Are you sure you want to remove all roles from this user?';

function RoleBadges({ user }: { user: User }) {
  if (!user.is_admin && !user.is_host) return <span className="text-slate-500">No roles</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {user.is_admin ? <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">Admin</span> : null}
      {user.is_host ? <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">Host</span> : null}
    </span>
  );
}

const sessionGone = (error: unknown) => error instanceof ApiError && error.status === 401;

function UserRow({ user, isMe, onChanged, onRemove }: { user: User; isMe: boolean; onChanged: () => Promise<void>; onRemove: (user: User) => void }) {
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState({ is_admin: user.is_admin, is_host: user.is_host });
  const [saving, setSaving] = useState(false);

  async function save() {
    // Unticking every role is removing all roles: it asks the same question as 'Remove roles' first (spec section 5).
    if (!roles.is_admin && !roles.is_host && (user.is_admin || user.is_host)) {
      onRemove(user);
      return;
    }
    setSaving(true);
    try {
      await updateRoles(user.id, roles);
      notifySuccess('User roles updated successfully');
      setEditing(false);
      await onChanged();
    } catch (error) {
      if (!sessionGone(error)) notifyError('Failed to update user roles');
    } finally {
      setSaving(false);
    }
  }

  return (
    <tr className="border-t border-slate-100 align-top" data-testid={`user-row-${user.id}`}>
      <td className="px-4 py-3 font-medium">
        {user.name}
        {isMe ? <span className="ml-1 text-xs text-slate-500">(you)</span> : null}
      </td>
      <td className="px-4 py-3">{user.email}</td>
      <td className="px-4 py-3">
        {editing ? (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">Roles of {user.name}</legend>
            <label className="flex items-center gap-2" title={isMe ? 'You cannot remove your own admin role' : undefined}>
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={roles.is_admin}
                disabled={isMe && user.is_admin}
                onChange={(e) => setRoles((r) => ({ ...r, is_admin: e.target.checked }))}
              />
              Admin
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" className="h-4 w-4" checked={roles.is_host} onChange={(e) => setRoles((r) => ({ ...r, is_host: e.target.checked }))} />
              Host
            </label>
          </fieldset>
        ) : (
          <RoleBadges user={user} />
        )}
      </td>
      <td className="whitespace-nowrap px-4 py-3">{formatTimestamp(user.created_at, DEFAULT_ADMIN_TIMEZONE)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <>
              <button type="button" disabled={saving} onClick={() => void save()} className="rounded-md bg-brand-500 px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-brand-400 disabled:opacity-60">
                Save
              </button>
              <button
                type="button"
                onClick={() => {
                  setRoles({ is_admin: user.is_admin, is_host: user.is_host });
                  setEditing(false);
                }}
                className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
              >
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              aria-label={`Edit roles of ${user.name}`}
              onClick={() => {
                setRoles({ is_admin: user.is_admin, is_host: user.is_host });
                setEditing(true);
              }}
              className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
            >
              Edit roles
            </button>
          )}
          {!isMe && (user.is_admin || user.is_host) ? (
            <button
              type="button"
              aria-label={`Remove all roles of ${user.name}`}
              onClick={() => onRemove(user)}
              className="rounded-md border border-red-300 px-3 py-1 text-sm text-red-700 hover:bg-red-50"
            >
              Remove roles
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** /admin/users: the list with inline role editing, the New User and Upgrade User forms. */
export function UsersPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: usersKey, queryFn: fetchUsers });
  const me = useQuery({ queryKey: sessionQueryKey, queryFn: fetchMe, retry: false, staleTime: 60_000 });
  const [removing, setRemoving] = useState<User | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.error && !sessionGone(list.error)) notifyError('Failed to load users');
  }, [list.error]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKey });

  async function confirmRemove() {
    if (!removing) return;
    setBusy(true);
    try {
      await removeRoles(removing.id);
      notifySuccess('User roles removed successfully');
      setRemoving(null);
      await refresh();
    } catch (error) {
      if (!sessionGone(error)) notifyError('Failed to remove user roles');
    } finally {
      setBusy(false);
    }
  }

  const users = list.data ?? [];
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Users</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <NewUserForm onDone={refresh} />
        <UpgradeUserForm onDone={refresh} />
      </div>
      {list.isPending ? (
        <Spinner />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Users</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                <th scope="col" className="px-4 py-3 font-semibold">Email</th>
                <th scope="col" className="px-4 py-3 font-semibold">Roles</th>
                <th scope="col" className="px-4 py-3 font-semibold">Created</th>
                <th scope="col" className="px-4 py-3 font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={`${user.id}-${user.is_admin}-${user.is_host}`} user={user} isMe={me.data?.id === user.id} onChanged={refresh} onRemove={setRemoving} />
              ))}
              {users.length === 0 ? <EmptyTableRow columns={5}>No users found.</EmptyTableRow> : null}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove all roles"
        description={REMOVE_ROLES_CONFIRM}
        size="sm"
        footer={
          <>
            <button type="button" onClick={() => setRemoving(null)} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
              Cancel
            </button>
            <button type="button" disabled={busy} onClick={() => void confirmRemove()} className="rounded-md bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
              Remove roles
            </button>
          </>
        }
      >
        {removing ? (
          <p className="text-sm text-slate-700">
            {removing.name} ({removing.email}) will lose the admin and host roles and be logged out.
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}
