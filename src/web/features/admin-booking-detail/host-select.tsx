import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { notifyError } from '../../lib/toast';
import type { HostAvailability } from '../../../shared/api/host-time';
import { fetchHosts, hostAvailabilityQuery, hostsQueryKey } from './detail-api';
import { Field, Select } from '../../components/ui';

type Hosts = UseQueryResult<Awaited<ReturnType<typeof fetchHosts>>>;

/** The hosts staff may pick, loaded once a minute at most; a failed load says so once. */
export function useHosts(): Hosts {
  const hosts = useQuery({ queryKey: hostsQueryKey, queryFn: fetchHosts, retry: false, staleTime: 60_000 });
  const failed = hosts.isError;
  useEffect(() => {
    if (failed) notifyError('Failed to load hosts');
  }, [failed]);
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
function busyLabel(h: HostAvailability): string {
  return h.clash_code ? `busy: on ${h.clash_code}` : 'unavailable';
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
  const picked = availability.get(Number(value));
  return (
    <Field label={label} id={id} className="min-w-48 flex-1">
      <Select disabled={hosts.isPending} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{hosts.isPending ? 'Loading...' : hosts.isError ? 'Hosts could not be loaded' : 'Select a host'}</option>
        {(hosts.data ?? []).map((h) => {
          const free = availability.get(h.id);
          const busy = free !== undefined && !free.available;
          return (
            <option key={h.id} value={String(h.id)} disabled={busy} title={busy ? (free.reason ?? undefined) : undefined}>
              {h.name} ({h.email}){busy ? ` — ${busyLabel(free)}` : ''}
            </option>
          );
        })}
      </Select>
      {picked && !picked.available ? <p className="mt-1 text-sm text-red-700">{picked.reason}</p> : null}
    </Field>
  );
}
