import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Delivery } from '../../../shared/api/integrations';
import { formatAdminTimestamp } from '../../../shared/time';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyTableRow, ErrorState, Field, Input, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { deliveriesKey, fetchDeliveries, replayDelivery, replaySince, webhooksKey } from './integrations-api';
import { useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: Delivery }) {
  const t = useT('system');
  const { integer } = useReaderFormat();
  const replay = useAction({
    call: replayDelivery,
    success: t('deliveries.replayed'),
    failure: t('deliveries.replayFailed'),
    failureToast: 'server',
    invalidates: [deliveriesKey(webhookId), webhooksKey],
  });
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">{formatAdminTimestamp(delivery.attempted_at)}</TableCell>
      <TableCell>
        <code className="text-xs">{delivery.event_type}</code>
        {delivery.replay ? <span className="ml-1 text-xs text-slate-500">{t('deliveries.replayTag')}</span> : null}
      </TableCell>
      <TableCell>
        <Badge tone={delivery.outcome === 'succeeded' ? 'green' : 'red'}>
          {delivery.outcome === 'succeeded' ? t('deliveries.delivered') : t('deliveries.failed')}
        </Badge>
        {delivery.status === 'retrying' && delivery.next_attempt_at ? (
          <span className="ml-1 text-xs text-slate-500">{t('deliveries.nextTry', { time: formatAdminTimestamp(delivery.next_attempt_at) })}</span>
        ) : null}
      </TableCell>
      <TableCell>{delivery.response_code ?? '—'}</TableCell>
      <TableCell className="max-w-xs truncate font-mono text-xs" title={delivery.response_body ?? delivery.error ?? ''}>
        {delivery.error ?? delivery.response_body ?? ''}
      </TableCell>
      <TableCell>{t('deliveries.took', { ms: integer(delivery.duration_ms) })}</TableCell>
      <TableCell>
        <Button
          disabled={replay.isPending}
          onClick={() => void replay.run({ id: webhookId, deliveryId: delivery.id })}
          aria-label={t('deliveries.replayLabel', { id: String(delivery.webhook_id) })}
        >
          {t('deliveries.replay')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The datetime-local value (the browser's own time) as an instant, or null when it is not one. */
const instantOf = (local: string): string | null => {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
};

/** One endpoint's delivery log: every attempt, newest first, with replay of one and of everything since a time. */
export function DeliveriesLog({ webhookId }: { webhookId: number }) {
  const t = useT('system');
  const uid = useId();
  const query = useQuery({ queryKey: deliveriesKey(webhookId), queryFn: () => fetchDeliveries(webhookId) });
  const [since, setSince] = useState('');
  const replayAll = useAction({
    call: replaySince,
    success: (r) => t('deliveries.replayedSince', { count: r.replayed }),
    failure: t('deliveries.replaySinceFailed'),
    failureToast: 'server',
    invalidates: [deliveriesKey(webhookId), webhooksKey],
  });
  const sinceAt = instantOf(since);
  return (
    <div className="mt-3 space-y-3">
      <form
        aria-label={t('deliveries.replaySinceLabel')}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (sinceAt) void replayAll.run({ id: webhookId, since: sinceAt });
        }}
      >
        <Field label={t('deliveries.since')} id={`${uid}-since`}>
          <Input type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
        </Field>
        <Button type="submit" disabledReason={sinceAt ? null : t('deliveries.chooseTime')} disabled={replayAll.isPending}>
          {t('deliveries.replay')}
        </Button>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('deliveries.refresh')}
        </Button>
      </form>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <ErrorState message={errorMessage(query.error, t('deliveries.loadFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data ? (
        <>
          {query.data.queued ? <p className="text-sm text-slate-600">{t('deliveries.queued', { count: query.data.queued })}</p> : null}
          <Table aria-label={t('deliveries.title')}>
            <TableHead
              headers={[
                t('deliveries.time'),
                t('deliveries.event'),
                t('deliveries.result'),
                t('deliveries.response'),
                t('deliveries.firstBytes'),
                t('deliveries.tookHeader'),
                { label: t('deliveries.actions'), srOnly: true },
              ]}
            />
            <tbody>
              {query.data.deliveries.length ? (
                query.data.deliveries.map((d) => <DeliveryRow key={d.id} webhookId={webhookId} delivery={d} />)
              ) : (
                <EmptyTableRow columns={7}>{t('deliveries.none')}</EmptyTableRow>
              )}
            </tbody>
          </Table>
        </>
      ) : null}
    </div>
  );
}
