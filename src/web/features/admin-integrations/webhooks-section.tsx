import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OUTSIDE_EVENT_LABELS, OUTSIDE_EVENT_TYPES, type OutsideEventType } from '../../../shared/integrations/events';
import type { Webhook } from '../../../shared/api/integrations';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyState, ErrorState, Field, Input, Section } from '../../components/ui';
import {
  createWebhook,
  deleteWebhook,
  fetchWebhooks as fetchWebhooksList,
  rollSecret,
  sendTestEvent,
  setWebhookEnabled,
  webhooksKey,
} from './integrations-api';
import { DeliveriesLog } from './deliveries-log';
import { SecretOnce } from './secret-once';

function NewWebhookForm({ onMade }: { onMade: (secret: string) => void }) {
  const uid = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<OutsideEventType[]>(['booking.created', 'booking.paid']);
  const create = useAction({
    call: createWebhook,
    success: 'Webhook added',
    failure: 'Failed to add the webhook',
    failureToast: 'server',
    invalidates: [webhooksKey],
    onSuccess: (made) => {
      setUrl('');
      setDescription('');
      onMade(made.secret);
    },
  });
  const toggle = (type: OutsideEventType, on: boolean) => setEvents((now) => (on ? [...now, type] : now.filter((e) => e !== type)));
  return (
    <form
      aria-label="New webhook"
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void create.run({ url, events, description: description || null });
      }}
    >
      <Field label="URL" id={`${uid}-url`} hint="An https address that accepts POST requests.">
        <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hatch-events" className="max-w-xl" />
      </Field>
      <Field label="Description (optional)" id={`${uid}-description`}>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} className="max-w-xl" />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="mt-1 grid gap-x-5 gap-y-1 sm:grid-cols-2">
          {OUTSIDE_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
              {OUTSIDE_EVENT_LABELS[type]} <code className="text-xs text-slate-500">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="primary" disabled={create.isPending}>
        Add webhook
      </Button>
      {create.error ? <p className="text-sm text-red-700">{create.error}</p> : null}
    </form>
  );
}

function WebhookCard({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const [showLog, setShowLog] = useState(false);
  const test = useAction({ call: sendTestEvent, success: 'Test event queued', failure: 'Failed to send the test event', invalidates: [webhooksKey] });
  const toggle = useAction({ call: setWebhookEnabled, failure: 'Failed to change the webhook', invalidates: [webhooksKey] });
  const remove = useAction({ call: deleteWebhook, success: 'Webhook removed', failure: 'Failed to remove the webhook', invalidates: [webhooksKey] });
  const roll = useAction({
    call: rollSecret,
    success: 'New signing secret made',
    failure: 'Failed to roll the secret',
    invalidates: [webhooksKey],
    onSuccess: (r) => onSecret(r.secret),
  });
  const enabled = webhook.status === 'enabled';
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={`Webhook ${webhook.url}`}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all text-sm font-medium">{webhook.url}</code>
        <Badge tone={enabled ? 'green' : 'red'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
        {webhook.queued ? <Badge tone="amber">{webhook.queued} waiting</Badge> : null}
      </div>
      {webhook.description ? <p className="mt-1 text-sm text-slate-600">{webhook.description}</p> : null}
      {webhook.disabled_reason ? <p className="mt-1 text-sm text-red-700">{webhook.disabled_reason}</p> : null}
      <p className="mt-1 text-xs text-slate-500">{webhook.events.join(', ')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button onClick={() => void test.run(webhook.id)} disabled={test.isPending}>
          Send test event
        </Button>
        <Button onClick={() => void roll.run({ id: webhook.id, overlapHours: 24 })} disabled={roll.isPending} title="The old secret keeps signing for 24 hours">
          Roll secret
        </Button>
        <Button onClick={() => void toggle.run({ id: webhook.id, enabled: !enabled })} disabled={toggle.isPending}>
          {enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button variant="danger" onClick={() => void remove.run(webhook.id)} disabled={remove.isPending}>
          Remove
        </Button>
      </div>
      {showLog ? <DeliveriesLog webhookId={webhook.id} /> : null}
    </li>
  );
}

/** Webhook endpoints: where events go, signed by the Standard Webhooks specification; each with its delivery log. */
export function WebhooksSection() {
  const query = useQuery({ queryKey: webhooksKey, queryFn: fetchWebhooksList });
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Section
      id="webhooks"
      title="Webhooks"
      description="hatch sends the chosen events to each address, signed (webhook-id, webhook-timestamp, webhook-signature), retrying for 72 hours."
    >
      <NewWebhookForm onMade={setSecret} />
      {secret ? <SecretOnce label="The signing secret" secret={secret} onDone={() => setSecret(null)} /> : null}
      <div className="mt-5">
        {query.isPending ? <Spinner /> : null}
        {query.isError ? (
          <ErrorState message={errorMessage(query.error, 'Failed to load the webhooks.')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : null}
        {query.data && !query.data.length ? <EmptyState>No webhooks yet.</EmptyState> : null}
        {query.data?.length ? (
          <ul className="space-y-3" aria-label="Webhooks">
            {query.data.map((w) => (
              <WebhookCard key={w.id} webhook={w} onSecret={setSecret} />
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}
