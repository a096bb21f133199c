import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope } from '../../../shared/integrations/events';
import type { ApiKey } from '../../../shared/api/integrations';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyTableRow, ErrorState, Field, Input, Section, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { apiKeysKey, createApiKey, fetchApiKeys, revokeApiKey } from './integrations-api';
import { SecretOnce } from './secret-once';
import { formatAdminTimestamp } from '../../../shared/time';

function NewKeyForm({ onMade }: { onMade: (secret: string) => void }) {
  const uid = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['bookings:read']);
  const create = useAction({
    call: createApiKey,
    success: 'API key created',
    failure: 'Failed to create the API key',
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
      aria-label="New API key"
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void create.run({ name, scopes });
      }}
    >
      <Field label="Name" id={`${uid}-name`} hint="Who uses it, e.g. “CRM sync”.">
        <Input value={name} onChange={(e) => setName(e.target.value)} className="max-w-sm" />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Scopes</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              {API_KEY_SCOPE_LABELS[scope]} <code className="text-xs text-slate-500">{scope}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="primary" disabled={create.isPending}>
        Create key
      </Button>
      {create.error ? <p className="text-sm text-red-700">{create.error}</p> : null}
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useAction({ call: revokeApiKey, success: 'API key revoked', failure: 'Failed to revoke the API key', invalidates: [apiKeysKey] });
  return (
    <TableRow>
      <TableCell className="font-medium">{apiKey.name}</TableCell>
      <TableCell>
        <code className="text-xs">{apiKey.prefix}…</code>
      </TableCell>
      <TableCell className="text-xs">{apiKey.scopes.join(', ')}</TableCell>
      <TableCell>{apiKey.created_by?.name ?? '—'}</TableCell>
      <TableCell>{apiKey.last_used_at ? formatAdminTimestamp(apiKey.last_used_at) : 'Never'}</TableCell>
      <TableCell>
        {apiKey.revoked_at ? (
          <Badge tone="slate">Revoked</Badge>
        ) : (
          <Button variant="danger" disabled={revoke.isPending} onClick={() => void revoke.run(apiKey.id)} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** API keys for the outside API (/api/v1): made with a name and scopes, shown once, then only by prefix; revoked at once. */
export function ApiKeysSection() {
  const query = useQuery({ queryKey: apiKeysKey, queryFn: fetchApiKeys });
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Section
      id="api-keys"
      title="API keys"
      description="Other systems read bookings, games and payments through the API with a key (Authorization: Bearer). The API reference lists each route's scope."
    >
      <NewKeyForm onMade={setSecret} />
      {secret ? <SecretOnce label="The new API key" secret={secret} onDone={() => setSecret(null)} /> : null}
      <div className="mt-5">
        {query.isPending ? <Spinner /> : null}
        {query.isError ? (
          <ErrorState message={errorMessage(query.error, 'Failed to load the API keys.')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : null}
        {query.data ? (
          <Table aria-label="API keys">
            <TableHead headers={['Name', 'Prefix', 'Scopes', 'Created by', 'Last used', { label: 'Actions', srOnly: true }]} />
            <tbody>
              {query.data.length ? query.data.map((k) => <KeyRow key={k.id} apiKey={k} />) : <EmptyTableRow columns={6}>No API keys yet.</EmptyTableRow>}
            </tbody>
          </Table>
        ) : null}
      </div>
    </Section>
  );
}
