import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '../../../shared/api/auth';
import { changePasswordForm, type ChangePasswordForm } from '../../../shared/api/password-forms';
import { Spinner } from '../../components/spinner';
import { StaffBar } from '../../components/staff-bar';
import { Button, ErrorState, Field, Input, Section } from '../../components/ui';
import { ApiError, errorMessage, isSessionExpired } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { changePassword, sessionQuery } from '../../lib/session-api';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { useMessageText, useT } from '../../lib/i18n';

/** /account: any signed-in staff member (admin, host, or no role yet): who they are, their roles, their password. */
export function AccountPage() {
  const t = useT('staff');
  const me = useQuery(sessionQuery);
  if (me.isPending) return <Spinner />;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to={`${paths.login}?next=${encodeURIComponent(paths.account)}`} replace />;
    return <ErrorState message={t('sessionFailed')} />;
  }
  const user = me.data;
  const roles = [user.is_admin ? t('roleAdmin') : null, user.is_host ? t('roleHost') : null].filter((r) => r !== null);
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <StaffBar user={user} current="account" />
      <h1 className="text-2xl font-bold">{t('yourAccount')}</h1>
      <Section id="account-you" title={t('you')}>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
          <dt className="font-medium text-slate-600">{t('name')}</dt>
          <dd>{user.name}</dd>
          <dt className="font-medium text-slate-600">{t('email')}</dt>
          <dd>{user.email}</dd>
          <dt className="font-medium text-slate-600">{t('roles')}</dt>
          <dd>{roles.length ? roles.join(', ') : t('noRoles')}</dd>
        </dl>
      </Section>
      <ChangePasswordSection user={user} />
    </main>
  );
}

function ChangePasswordSection({ user }: { user: User }) {
  const t = useT('staff');
  const message = useMessageText();
  const schema = useMemo(() => changePasswordForm(user.email), [user.email]);
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(schema), defaultValues: { current_password: '', new_password: '', confirm_password: '' } });
  const { errors } = form.formState;
  const [changed, setChanged] = useState<string | null>(null);
  // The server's answer is the toast; its verdict on a field goes under that field (as the rule's own is shown before
  // sending), and only a refusal of no field is toasted.
  const change = useAction({
    call: ({ current_password, new_password }: ChangePasswordForm) => changePassword({ current_password, new_password }),
    success: (message) => message,
    failure: t('passwordFailed'),
    failureToast: 'none',
    onSuccess: (message) => {
      setChanged(message);
      form.reset();
    },
    onError: (e) => {
      const fields = e instanceof ApiError ? e.errors : {};
      const current = fields.current_password?.[0];
      const next = fields.new_password?.[0];
      if (current) form.setError('current_password', { message: current });
      if (next) form.setError('new_password', { message: next });
      if (!current && !next && !isSessionExpired(e)) notifyError(errorMessage(e, t('passwordFailed')));
    },
  });
  const saving = change.isPending;
  const onSubmit = (body: ChangePasswordForm) => {
    setChanged(null);
    return change.run(body);
  };

  return (
    <Section id="account-password" title={t('changePassword')}>
      <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="max-w-sm space-y-3" noValidate>
        <input type="email" autoComplete="username" value={user.email} readOnly hidden />
        <Field label={t('currentPassword')} id="account-current" size="md" error={errors.current_password?.message && message(errors.current_password.message)}>
          <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
        </Field>
        <Field label={t('newPassword')} id="account-new" size="md" error={errors.new_password?.message && message(errors.new_password.message)}>
          <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
        </Field>
        <Field
          label={t('newPasswordAgain')}
          id="account-confirm"
          size="md"
          error={errors.confirm_password?.message && message(errors.confirm_password.message)}
        >
          <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
        </Field>
        <p className="text-sm text-slate-600">{t('passwordHint')}</p>
        {changed ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            {changed}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? t('saving') : t('changePassword')}
        </Button>
      </form>
    </Section>
  );
}
