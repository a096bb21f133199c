import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../shared/api/auth';
import { DEFAULT_ADMIN_TIMEZONE, formatTimestamp } from '../../../shared/time';
import { Badge, Button, Dialog, EmptyTableRow, Table, TableHead } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { isSessionExpired } from '../../lib/api-client';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { sessionQuery } from '../../lib/session-api';
import { UserForm } from './user-forms';
import { SettingsLink } from '../../components/settings-link';
import { fetchUsers, removeRoles, updateRoles, usersKey } from './users-api';
import { useT } from '../../lib/i18n';

function RoleBadges({ user }: { user: User }) {
  const t = useT('system');
  if (!user.is_admin && !user.is_host) return <span className="text-slate-500">{t('users.noRoles')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {user.is_admin ? <Badge tone="indigo">{t('users.admin')}</Badge> : null}
      {user.is_host ? <Badge tone="amber">{t('users.host')}</Badge> : null}
    </span>
  );
}

type Roles = { is_admin: boolean; is_host: boolean };

function UserRow({ user, isMe, onRemove }: { user: User; isMe: boolean; onRemove: (user: User) => void }) {
  const t = useT('system');
  const [editing, setEditing] = useState(false);
  const form = useForm<Roles>({ defaultValues: { is_admin: user.is_admin, is_host: user.is_host } });
  const update = useAction({
    call: (roles: Roles) => updateRoles(user.id, roles),
    success: t('users.updated'),
    failure: t('users.updateFailed'),
    invalidates: [usersKey],
    onSuccess: () => setEditing(false),
  });

  async function save(ticked: Roles) {
    // A disabled box (your own admin role) is left out of react-hook-form's values: it stays as it is.
    const roles = { is_admin: isMe && user.is_admin ? true : ticked.is_admin === true, is_host: ticked.is_host === true };
    // Unticking every role is removing all roles: it asks the same question as 'Remove roles' first (spec section 5).
    if (!roles.is_admin && !roles.is_host && (user.is_admin || user.is_host)) {
      onRemove(user);
      return;
    }
    await update.run(roles);
  }

  return (
    <tr className="border-t border-slate-100 align-top" data-testid={`user-row-${user.id}`}>
      <td className="px-4 py-3 font-medium">
        {user.name}
        {isMe ? <span className="ml-1 text-xs text-slate-500">{t('users.you')}</span> : null}
      </td>
      <td className="px-4 py-3">{user.email}</td>
      <td className="px-4 py-3">
        {editing ? (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">{t('users.rolesOf', { name: user.name })}</legend>
            <label className="flex items-center gap-2" title={isMe ? t('users.ownAdmin') : undefined}>
              <input type="checkbox" className="h-4 w-4" disabled={isMe && user.is_admin} {...form.register('is_admin')} />
              {t('users.admin')}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" className="h-4 w-4" {...form.register('is_host')} />
              {t('users.host')}
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
              <Button variant="primary" disabled={update.isPending} onClick={() => void form.handleSubmit(save)()}>
                {t('users.save')}
              </Button>
              <Button
                onClick={() => {
                  form.reset();
                  setEditing(false);
                }}
              >
                {t('users.cancel')}
              </Button>
            </>
          ) : (
            <Button
              aria-label={t('users.editLabel', { name: user.name })}
              onClick={() => {
                form.reset();
                setEditing(true);
              }}
            >
              {t('users.edit')}
            </Button>
          )}
          {!isMe && (user.is_admin || user.is_host) ? (
            <Button variant="danger" aria-label={t('users.removeLabel', { name: user.name })} onClick={() => onRemove(user)}>
              {t('users.remove')}
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** /admin/users: the list with inline role editing, the New User and Upgrade User forms. */
export function UsersPage() {
  const t = useT('system');
  const list = useQuery({ queryKey: usersKey, queryFn: fetchUsers });
  const me = useQuery(sessionQuery);
  const [removing, setRemoving] = useState<User | null>(null);
  const remove = useAction({
    call: (who: User) => removeRoles(who.id),
    success: t('users.removed'),
    failure: t('users.removeFailed'),
    invalidates: [usersKey],
    onSuccess: () => setRemoving(null),
  });
  const confirmRemove = () => {
    if (removing) void remove.run(removing);
  };

  const loadFailed = t('users.loadFailed');
  useEffect(() => {
    if (list.error && !isSessionExpired(list.error)) notifyError(loadFailed);
  }, [list.error, loadFailed]);

  const users = list.data ?? [];
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t('users.title')}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <UserForm mode="new" />
        <UserForm mode="upgrade" />
      </div>
      <SettingsLink lead={t('users.settingsLead')} section="travel-margin" label={t('users.settingsLabel')} />
      {list.isPending ? (
        <Spinner />
      ) : (
        <Table>
          <caption className="sr-only">{t('users.title')}</caption>
          <TableHead headers={[t('users.name'), t('users.email'), t('users.roles'), t('users.created'), t('users.actions')]} />
          <tbody>
            {users.map((user) => (
              <UserRow key={`${user.id}-${user.is_admin}-${user.is_host}`} user={user} isMe={me.data?.id === user.id} onRemove={setRemoving} />
            ))}
            {users.length === 0 ? <EmptyTableRow columns={5}>{t('users.none')}</EmptyTableRow> : null}
          </tbody>
        </Table>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('users.removeTitle')}
        description={t('users.removeConfirm')}
        size="sm"
        footer={
          <>
            <Button size="md" onClick={() => setRemoving(null)}>
              {t('users.cancel')}
            </Button>
            <Button size="md" variant="danger" disabled={remove.isPending} onClick={confirmRemove}>
              {t('users.remove')}
            </Button>
          </>
        }
      >
        {removing ? <p className="text-sm text-slate-700">{t('users.removeWho', { name: removing.name, email: removing.email })}</p> : null}
      </Dialog>
    </section>
  );
}
