import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Delivery } from '../../../shared/api/integrations';
import { formatAdminTimestamp } from '../../../shared/time';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyTableRow, ErrorState, Field, Input, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { deliveriesKey, fetchDeliveries, replayDelivery, replaySince, webhooksKey } from './integrations-api';

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: Delivery }) {
  const replay = useAction({
    call: replayDelivery,
    success: 'Delivery queued again',
    failure: 'Failed to replay the delivery',
    failureToast: 'server',
    invalidates: [deliveriesKey(webhookId), webhooksKey],
  });
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">{formatAdminTimestamp(delivery.attempted_at)}</TableCell>
      <TableCell>
        <code className="text-xs">{delivery.event_type}</code>
        {delivery.replay ? <span className="ml-1 text-xs text-slate-500">(replay)</span> : null}
      </TableCell>
      <TableCell>
        <Badge tone={delivery.outcome === 'succeeded' ? 'green' : 'red'}>{delivery.outcome === 'succeeded' ? 'Delivered' : 'Failed'}</Badge>
        {delivery.status === 'retrying' && delivery.next_attempt_at ? (
          <span className="ml-1 text-xs text-slate-500">next try {formatAdminTimestamp(delivery.next_attempt_at)}</span>
        ) : null}
      </TableCell>
      <TableCell>{delivery.response_code ?? '—'}</TableCell>
      <TableCell className="max-w-xs truncate font-mono text-xs" title={delivery.response_body ?? delivery.error ?? ''}>
        {delivery.error ?? delivery.response_body ?? ''}
      </TableCell>
      <TableCell>{delivery.duration_ms} ms</TableCell>
      <TableCell>
        <Button
          disabled={replay.isPending}
          onClick={() => void replay.run({ id: webhookId, deliveryId: delivery.id })}
          aria-label={`Replay ${delivery.webhook_id}`}
        >
          Replay
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
  const uid = useId();
  const query = useQuery({ queryKey: deliveriesKey(webhookId), queryFn: () => fetchDeliveries(webhookId) });
  const [since, setSince] = useState('');
  const replayAll = useAction({
    call: replaySince,
    success: (r) => `${r.replayed} ${r.replayed === 1 ? 'delivery' : 'deliveries'} queued again`,
    failure: 'Failed to replay the deliveries',
    failureToast: 'server',
    invalidates: [deliveriesKey(webhookId), webhooksKey],
  });
  const sinceAt = instantOf(since);
  return (
    <div className="mt-3 space-y-3">
      <form
        aria-label="Replay since"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (sinceAt) void replayAll.run({ id: webhookId, since: sinceAt });
        }}
      >
        <Field label="Replay everything since" id={`${uid}-since`}>
          <Input type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
        </Field>
        <Button type="submit" disabledReason={sinceAt ? null : 'Choose a time first'} disabled={replayAll.isPending}>
          Replay
        </Button>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
      </form>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <ErrorState message={errorMessage(query.error, 'Failed to load the deliveries.')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data ? (
        <>
          {query.data.queued ? <p className="text-sm text-slate-600">{query.data.queued} waiting to be sent.</p> : null}
          <Table aria-label="Deliveries">
            <TableHead headers={['Time', 'Event', 'Result', 'Response', 'First bytes', 'Took', { label: 'Actions', srOnly: true }]} />
            <tbody>
              {query.data.deliveries.length ? (
                query.data.deliveries.map((d) => <DeliveryRow key={d.id} webhookId={webhookId} delivery={d} />)
              ) : (
                <EmptyTableRow columns={7}>No deliveries yet.</EmptyTableRow>
              )}
            </tbody>
          </Table>
        </>
      ) : null}
    </div>
  );
}
