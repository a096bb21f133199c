import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OUTSIDE_EVENT_TYPES, type OutsideEventType } from '../../../shared/integrations/events';
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
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';

/** Each event's name (English: shared/integrations/events.ts OUTSIDE_EVENT_LABELS). */
const EVENT_LABELS = {
  'booking.created': 'webhooks.eventBookingCreated',
  'booking.changed': 'webhooks.eventBookingChanged',
  'booking.paid': 'webhooks.eventBookingPaid',
  'booking.cancelled': 'webhooks.eventBookingCancelled',
  'booking.refunded': 'webhooks.eventBookingRefunded',
  'invoice.issued': 'webhooks.eventInvoiceIssued',
  'game.started': 'webhooks.eventGameStarted',
  'game.ended': 'webhooks.eventGameEnded',
  'submission.reviewed': 'webhooks.eventSubmissionReviewed',
  'chicken.found': 'webhooks.eventChickenFound',
  'results.final': 'webhooks.eventResultsFinal',
} as const satisfies Record<OutsideEventType, KeyOf<'system'>>;

function NewWebhookForm({ onMade }: { onMade: (secret: string) => void }) {
  const t = useT('system');
  const uid = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<OutsideEventType[]>(['booking.created', 'booking.paid']);
  const create = useAction({
    call: createWebhook,
    success: t('webhooks.added'),
    failure: t('webhooks.addFailed'),
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
      aria-label={t('webhooks.newLabel')}
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void create.run({ url, events, description: description || null });
      }}
    >
      <Field label={t('webhooks.url')} id={`${uid}-url`} hint={t('webhooks.urlHint')}>
        <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder={t('webhooks.urlPlaceholder')} className="max-w-xl" />
      </Field>
      <Field label={t('webhooks.descriptionOptional')} id={`${uid}-description`}>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} className="max-w-xl" />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('webhooks.events')}</legend>
        <div className="mt-1 grid gap-x-5 gap-y-1 sm:grid-cols-2">
          {OUTSIDE_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
              {t(EVENT_LABELS[type])} <code className="text-xs text-slate-500">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="primary" disabled={create.isPending}>
        {t('webhooks.add')}
      </Button>
      {create.error ? <p className="text-sm text-red-700">{create.error}</p> : null}
    </form>
  );
}

function WebhookCard({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const t = useT('system');
  // Why an endpoint was disabled is the server's sentence, stored when it was (webhook-delivery.ts, webhooks-service.ts).
  const message = useMessageText();
  const [showLog, setShowLog] = useState(false);
  const test = useAction({ call: sendTestEvent, success: t('webhooks.testQueued'), failure: t('webhooks.testFailed'), invalidates: [webhooksKey] });
  const toggle = useAction({ call: setWebhookEnabled, failure: t('webhooks.changeFailed'), invalidates: [webhooksKey] });
  const remove = useAction({ call: deleteWebhook, success: t('webhooks.removed'), failure: t('webhooks.removeFailed'), invalidates: [webhooksKey] });
  const roll = useAction({
    call: rollSecret,
    success: t('webhooks.rolled'),
    failure: t('webhooks.rollFailed'),
    invalidates: [webhooksKey],
    onSuccess: (r) => onSecret(r.secret),
  });
  const enabled = webhook.status === 'enabled';
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={t('webhooks.cardLabel', { url: webhook.url })}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all text-sm font-medium">{webhook.url}</code>
        <Badge tone={enabled ? 'green' : 'red'}>{enabled ? t('webhooks.enabled') : t('webhooks.disabled')}</Badge>
        {webhook.queued ? <Badge tone="amber">{t('webhooks.waiting', { count: webhook.queued })}</Badge> : null}
      </div>
      {webhook.description ? <p className="mt-1 text-sm text-slate-600">{webhook.description}</p> : null}
      {webhook.disabled_reason ? <p className="mt-1 text-sm text-red-700">{message(webhook.disabled_reason)}</p> : null}
      <p className="mt-1 text-xs text-slate-500">{webhook.events.join(', ')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? t('webhooks.hideDeliveries') : t('webhooks.deliveries')}
        </Button>
        <Button onClick={() => void test.run(webhook.id)} disabled={test.isPending}>
          {t('webhooks.sendTest')}
        </Button>
        <Button onClick={() => void roll.run({ id: webhook.id, overlapHours: 24 })} disabled={roll.isPending} title={t('webhooks.rollHint')}>
          {t('webhooks.roll')}
        </Button>
        <Button onClick={() => void toggle.run({ id: webhook.id, enabled: !enabled })} disabled={toggle.isPending}>
          {enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </Button>
        <Button variant="danger" onClick={() => void remove.run(webhook.id)} disabled={remove.isPending}>
          {t('webhooks.remove')}
        </Button>
      </div>
      {showLog ? <DeliveriesLog webhookId={webhook.id} /> : null}
    </li>
  );
}

/** Webhook endpoints: where events go, signed by the Standard Webhooks specification; each with its delivery log. */
export function WebhooksSection() {
  const t = useT('system');
  const query = useQuery({ queryKey: webhooksKey, queryFn: fetchWebhooksList });
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Section id="webhooks" title={t('webhooks.title')} description={t('webhooks.description')}>
      <NewWebhookForm onMade={setSecret} />
      {secret ? <SecretOnce label={t('webhooks.secretLabel')} secret={secret} onDone={() => setSecret(null)} /> : null}
      <div className="mt-5">
        {query.isPending ? <Spinner /> : null}
        {query.isError ? (
          <ErrorState message={errorMessage(query.error, t('webhooks.loadFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : null}
        {query.data && !query.data.length ? <EmptyState>{t('webhooks.none')}</EmptyState> : null}
        {query.data?.length ? (
          <ul className="space-y-3" aria-label={t('webhooks.title')}>
            {query.data.map((w) => (
              <WebhookCard key={w.id} webhook={w} onSecret={setSecret} />
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}
