import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { notifyError } from '../../lib/toast';
import type { HostAvailability } from '../../../shared/api/host-time';
import { fetchHosts, hostAvailabilityQuery, hostsQueryKey } from './detail-api';
import { Field, Select } from '../../components/ui';
import { useMessageText, useT, type Translate } from '../../lib/i18n';

type Hosts = UseQueryResult<Awaited<ReturnType<typeof fetchHosts>>>;

/** The hosts staff may pick, loaded once a minute at most; a failed load says so once. */
export function useHosts(): Hosts {
  const t = useT('operations');
  const hosts = useQuery({ queryKey: hostsQueryKey, queryFn: fetchHosts, retry: false, staleTime: 60_000 });
  const failed = hosts.isError;
  const failedText = t('hosts.loadFailed');
  useEffect(() => {
    if (failed) notifyError(failedText);
  }, [failed, failedText]);
  return hosts;
}

/**
 * Who is free for this booking's game, by host id. Until it answers (or if it fails) every host is offered: the
 * server refuses a busy one with its reason anyway.
 */
export function useHostAvailability(bookingId: number): Map<number, HostAvailability> {
  const availability = useQuery({ ...hostAvailabilityQuery(bookingId), retry: false });
  return new Map((availability.data ?? []).map((h) => [h.id, h]));
}

/** Why a host cannot take this game, in a few words for the option (the whole reason is its title and below). */
function busyLabel(h: HostAvailability, t: Translate<'operations'>): string {
  return h.clash_code ? t('hosts.busyOn', { code: h.clash_code }) : t('hosts.unavailable');
}

/**
 * A host picked by name and email; the value is the id as text ('' for none). A host busy for this game is shown
 * with why and cannot be picked; the one picked, if busy, has the server's reason under the select.
 */
export function HostSelect({
  hosts,
  label,
  id,
  value,
  onChange,
  availability = new Map(),
}: {
  hosts: Hosts;
  label: string;
  id: string;
  value: string;
  onChange: (value: string) => void;
  availability?: Map<number, HostAvailability>;
}) {
  const t = useT('operations');
  // The server's reasons are English where the rule lives (shared/host-time.ts); the messages catalogue translates them.
  const message = useMessageText();
  const picked = availability.get(Number(value));
  return (
    <Field label={label} id={id} className="min-w-48 flex-1">
      <Select disabled={hosts.isPending} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{hosts.isPending ? t('hosts.loading') : hosts.isError ? t('hosts.couldNotLoad') : t('hosts.select')}</option>
        {(hosts.data ?? []).map((h) => {
          const free = availability.get(h.id);
          const busy = free !== undefined && !free.available;
          return (
            <option key={h.id} value={String(h.id)} disabled={busy} title={busy && free.reason ? message(free.reason) : undefined}>
              {h.name} ({h.email}){busy ? ` — ${busyLabel(free, t)}` : ''}
            </option>
          );
        })}
      </Select>
      {picked && !picked.available ? <p className="mt-1 text-sm text-red-700">{picked.reason ? message(picked.reason) : null}</p> : null}
    </Field>
  );
}
