import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createUserBody, upgradeUserBody, type CreateUserBody } from '../../../shared/api/users';
import { ApiError } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { createUser, upgradeUser, usersKey } from './users-api';
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';

type TextField = 'name' | 'email' | 'password';
type Values = Record<TextField, string> & { is_admin?: boolean; is_host?: boolean };

const TEXT_FIELDS = {
  name: { label: 'userForm.name', type: 'text', autoComplete: 'off' },
  email: { label: 'userForm.email', type: 'email', autoComplete: 'off' },
  password: { label: 'userForm.password', type: 'password', autoComplete: 'new-password' },
} as const satisfies Record<TextField, { label: KeyOf<'system'>; type: string; autoComplete: string }>;

// The upgrade form carries the unasked name and password too, so both modes share one set of values.
const upgradeUserForm = z.object({ name: z.string(), password: z.string() }).and(upgradeUserBody);

/** What differs between adding a user and upgrading one: the shared rule, the fields asked, the call and its texts. */
const MODES = {
  new: {
    title: 'userForm.newTitle',
    intro: null,
    fields: ['name', 'email', 'password'],
    rolesLegend: 'userForm.roles',
    submit: 'userForm.add',
    success: 'userForm.added',
    failure: 'userForm.addFailed',
    resolver: zodResolver(createUserBody),
    call: createUser,
  },
  upgrade: {
    title: 'userForm.upgradeTitle',
    intro: 'userForm.upgradeIntro',
    fields: ['email'],
    rolesLegend: 'userForm.rolesToAssign',
    submit: 'userForm.upgrade',
    success: 'userForm.upgraded',
    failure: 'userForm.upgradeFailed',
    resolver: zodResolver(upgradeUserForm),
    call: (values: CreateUserBody) => upgradeUser({ email: values.email, is_admin: values.is_admin, is_host: values.is_host }),
  },
} as const satisfies Record<
  string,
  {
    fields: readonly TextField[];
    title: KeyOf<'system'>;
    intro: KeyOf<'system'> | null;
    rolesLegend: KeyOf<'system'>;
    submit: KeyOf<'system'>;
    success: KeyOf<'system'>;
    failure: KeyOf<'system'>;
  } & Record<string, unknown>
>;

/** New User and Upgrade User: one form, judged by the endpoint's shared schema; the server's field messages land on their fields. */
export function UserForm({ mode }: { mode: keyof typeof MODES }) {
  const t = useT('system');
  // The shared rule's messages (shared/api/users.ts) and the server's are English: the messages catalogue says them.
  const message = useMessageText();
  const uid = useId();
  const m = MODES[mode];
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, CreateUserBody>({
    resolver: m.resolver,
    defaultValues: { name: '', email: '', password: '', is_admin: false, is_host: false },
  });
  // The 'at least one role' rule of an upgrade is on the whole form (path `roles`).
  const rolesError = 'roles' in errors ? (errors as { roles?: { message?: string } }).roles?.message : undefined;
  // 'Name and email are required' is said once, under the name.
  const messageOf = (field: TextField) => {
    const said = field === 'email' && errors.email?.message === errors.name?.message ? undefined : errors[field]?.message;
    return said ? message(said) : undefined;
  };

  // The server's field messages land on their fields; its message is the toast.
  const save = useAction({
    call: m.call,
    success: t(m.success),
    failure: t(m.failure),
    failureToast: 'server',
    invalidates: [usersKey],
    onSuccess: () => reset(),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const [key, messages] of Object.entries(error.errors)) {
        const field = m.fields.find((f) => f === key);
        if (field && messages[0]) setError(field, { type: 'server', message: messages[0] });
      }
    },
  });

  return (
    <form onSubmit={(e) => void handleSubmit(save.run)(e)} noValidate aria-labelledby={`${uid}-title`} className="space-y-4 rounded-xl bg-white p-5 shadow">
      <h2 id={`${uid}-title`} className="text-lg font-semibold">
        {t(m.title)}
      </h2>
      {m.intro ? <p className="text-sm text-slate-600">{t(m.intro)}</p> : null}
      {m.fields.map((field) => (
        <Field key={field} label={t(TEXT_FIELDS[field].label)} id={`${uid}-${field}`} size="md" error={messageOf(field)}>
          <Input type={TEXT_FIELDS[field].type} autoComplete={TEXT_FIELDS[field].autoComplete} {...register(field)} />
        </Field>
      ))}
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t(m.rolesLegend)}</legend>
        <div className="flex gap-6">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" {...register('is_admin')} /> {t('userForm.admin')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" {...register('is_host')} /> {t('userForm.host')}
          </label>
        </div>
        <FieldError id={`${uid}-roles-error`} message={rolesError ? message(rolesError) : undefined} />
      </fieldset>
      <Button type="submit" variant="primary" size="md" disabled={save.isPending}>
        {t(m.submit)}
      </Button>
    </form>
  );
}
