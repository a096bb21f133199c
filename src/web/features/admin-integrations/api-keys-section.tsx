import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../shared/integrations/events';
import type { ApiKey } from '../../../shared/api/integrations';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyTableRow, ErrorState, Field, Input, Section, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { apiKeysKey, createApiKey, fetchApiKeys, revokeApiKey } from './integrations-api';
import { SecretOnce } from './secret-once';
import { formatAdminTimestamp } from '../../../shared/time';
import { useT, type KeyOf } from '../../lib/i18n';

/** Each scope's name (English: shared/integrations/events.ts API_KEY_SCOPE_LABELS). */
const SCOPE_LABELS = {
  'bookings:read': 'apiKeys.scopeBookingsRead',
  'bookings:write': 'apiKeys.scopeBookingsWrite',
  'games:read': 'apiKeys.scopeGamesRead',
  'finance:read': 'apiKeys.scopeFinanceRead',
} as const satisfies Record<ApiKeyScope, KeyOf<'system'>>;

function NewKeyForm({ onMade }: { onMade: (secret: string) => void }) {
  const t = useT('system');
  const uid = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['bookings:read']);
  const create = useAction({
    call: createApiKey,
    success: t('apiKeys.created'),
    failure: t('apiKeys.createFailed'),
    failureToast: 'server',
    invalidates: [apiKeysKey],
    onSuccess: (made) => {
      setName('');
      onMade(made.secret);
    },
  });
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  return (
    <form
      aria-label={t('apiKeys.newLabel')}
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void create.run({ name, scopes });
      }}
    >
      <Field label={t('apiKeys.name')} id={`${uid}-name`} hint={t('apiKeys.nameHint')}>
        <Input value={name} onChange={(e) => setName(e.target.value)} className="max-w-sm" />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('apiKeys.scopes')}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              {t(SCOPE_LABELS[scope])} <code className="text-xs text-slate-500">{scope}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="primary" disabled={create.isPending}>
        {t('apiKeys.create')}
      </Button>
      {create.error ? <p className="text-sm text-red-700">{create.error}</p> : null}
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const t = useT('system');
  const revoke = useAction({ call: revokeApiKey, success: t('apiKeys.revoked'), failure: t('apiKeys.revokeFailed'), invalidates: [apiKeysKey] });
  return (
    <TableRow>
      <TableCell className="font-medium">{apiKey.name}</TableCell>
      <TableCell>
        <code className="text-xs">{apiKey.prefix}…</code>
      </TableCell>
      <TableCell className="text-xs">{apiKey.scopes.join(', ')}</TableCell>
      <TableCell>{apiKey.created_by?.name ?? '—'}</TableCell>
      <TableCell>{apiKey.last_used_at ? formatAdminTimestamp(apiKey.last_used_at) : t('apiKeys.never')}</TableCell>
      <TableCell>
        {apiKey.revoked_at ? (
          <Badge tone="slate">{t('apiKeys.revokedBadge')}</Badge>
        ) : (
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() => void revoke.run(apiKey.id)}
            aria-label={t('apiKeys.revokeLabel', { name: apiKey.name })}
          >
            {t('apiKeys.revoke')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** API keys for the outside API (/api/v1): made with a name and scopes, shown once, then only by prefix; revoked at once. */
export function ApiKeysSection() {
  const t = useT('system');
  const query = useQuery({ queryKey: apiKeysKey, queryFn: fetchApiKeys });
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Section id="api-keys" title={t('apiKeys.title')} description={t('apiKeys.description')}>
      <NewKeyForm onMade={setSecret} />
      {secret ? <SecretOnce label={t('apiKeys.secretLabel')} secret={secret} onDone={() => setSecret(null)} /> : null}
      <div className="mt-5">
        {query.isPending ? <Spinner /> : null}
        {query.isError ? (
          <ErrorState message={errorMessage(query.error, t('apiKeys.loadFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : null}
        {query.data ? (
          <Table aria-label={t('apiKeys.title')}>
            <TableHead
              headers={[
                t('apiKeys.name'),
                t('apiKeys.prefix'),
                t('apiKeys.scopes'),
                t('apiKeys.createdBy'),
                t('apiKeys.lastUsed'),
                { label: t('apiKeys.actions'), srOnly: true },
              ]}
            />
            <tbody>
              {query.data.length ? query.data.map((k) => <KeyRow key={k.id} apiKey={k} />) : <EmptyTableRow columns={6}>{t('apiKeys.none')}</EmptyTableRow>}
            </tbody>
          </Table>
        ) : null}
      </div>
    </Section>
  );
}
