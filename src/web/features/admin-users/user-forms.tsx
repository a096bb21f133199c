import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createUserBody, upgradeUserBody, type CreateUserBody, type UpgradeUserBody } from '../../../shared/api/users';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toast';
import { createUser, upgradeUser } from './users-api';

const input = 'w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-500';
const card = 'space-y-4 rounded-xl bg-white p-5 shadow';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** The API client already told the user their session expired: no second toast. */
function sessionGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

function serverFieldErrors<T extends string>(error: unknown, fields: readonly T[], set: (field: T, message: string) => void): void {
  if (!(error instanceof ApiError)) return;
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = fields.find((f) => f === key);
    if (field && messages[0]) set(field, messages[0]);
  }
}

export function NewUserForm({ onDone }: { onDone: () => Promise<void> }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof createUserBody>, unknown, CreateUserBody>({
    resolver: zodResolver(createUserBody),
    defaultValues: { name: '', email: '', password: '', is_admin: false, is_host: false },
  });

  async function onSubmit(values: CreateUserBody) {
    try {
      await createUser(values);
      notifySuccess('User added successfully');
      reset();
      await onDone();
    } catch (error) {
      if (sessionGone(error)) return;
      serverFieldErrors(error, ['name', 'email', 'password'] as const, (f, message) => setError(f, { type: 'server', message }));
      notifyError(errorMessage(error, 'Failed to add user'));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby={`${uid}-title`} className={card}>
      <h2 id={`${uid}-title`} className="text-lg font-semibold">
        New User
      </h2>
      <div>
        <label htmlFor={`${uid}-name`} className="mb-1 block text-sm font-medium">
          Name
        </label>
        <input id={`${uid}-name`} className={input} autoComplete="off" aria-invalid={!!errors.name} {...register('name')} />
        <FieldError id={`${uid}-name-error`} message={errors.name?.message} />
      </div>
      <div>
        <label htmlFor={`${uid}-email`} className="mb-1 block text-sm font-medium">
          Email
        </label>
        <input id={`${uid}-email`} type="email" autoComplete="off" className={input} aria-invalid={!!errors.email} {...register('email')} />
        <FieldError id={`${uid}-email-error`} message={errors.email?.message !== errors.name?.message ? errors.email?.message : undefined} />
      </div>
      <div>
        <label htmlFor={`${uid}-password`} className="mb-1 block text-sm font-medium">
          Password
        </label>
        <input id={`${uid}-password`} type="password" autoComplete="new-password" className={input} aria-invalid={!!errors.password} {...register('password')} />
        <FieldError id={`${uid}-password-error`} message={errors.password?.message} />
      </div>
      <fieldset className="flex gap-6">
        <legend className="mb-1 text-sm font-medium">Roles</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="h-4 w-4" {...register('is_admin')} /> Admin
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="h-4 w-4" {...register('is_host')} /> Host
        </label>
      </fieldset>
      <button type="submit" disabled={isSubmitting} className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-400 disabled:opacity-60">
        Add User
      </button>
    </form>
  );
}

export function UpgradeUserForm({ onDone }: { onDone: () => Promise<void> }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof upgradeUserBody>, unknown, UpgradeUserBody>({
    resolver: zodResolver(upgradeUserBody),
    defaultValues: { email: '', is_admin: false, is_host: false },
  });
  // The 'at least one role' rule is on the whole form (path `roles`).
  const rolesError = (errors as { roles?: { message?: string } }).roles?.message;

  async function onSubmit(values: UpgradeUserBody) {
    try {
      await upgradeUser(values);
      notifySuccess('User roles updated successfully');
      reset();
      await onDone();
    } catch (error) {
      if (sessionGone(error)) return;
      serverFieldErrors(error, ['email'] as const, (f, message) => setError(f, { type: 'server', message }));
      notifyError(errorMessage(error, 'Failed to upgrade user'));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby={`${uid}-title`} className={card}>
      <h2 id={`${uid}-title`} className="text-lg font-semibold">
        Upgrade User
      </h2>
      <p className="text-sm text-slate-600">Give an existing user the admin or host role by their email.</p>
      <div>
        <label htmlFor={`${uid}-email`} className="mb-1 block text-sm font-medium">
          Email
        </label>
        <input id={`${uid}-email`} type="email" autoComplete="off" className={input} aria-invalid={!!errors.email} {...register('email')} />
        <FieldError id={`${uid}-email-error`} message={errors.email?.message} />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Roles to assign</legend>
        <div className="flex gap-6">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" {...register('is_admin')} /> Admin
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" {...register('is_host')} /> Host
          </label>
        </div>
        <FieldError id={`${uid}-roles-error`} message={rolesError} />
      </fieldset>
      <button type="submit" disabled={isSubmitting} className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-400 disabled:opacity-60">
        Upgrade User
      </button>
    </form>
  );
}
