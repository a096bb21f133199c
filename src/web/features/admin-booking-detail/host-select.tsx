import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { notifyError } from '../../lib/toast';
import { fetchHosts, hostsQueryKey } from './detail-api';
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

/** A host picked by name and email; the value is the id as text ('' for none). */
export function HostSelect({ hosts, label, id, value, onChange }: { hosts: Hosts; label: string; id: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label} id={id} className="min-w-48 flex-1">
      <Select disabled={hosts.isPending} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{hosts.isPending ? 'Loading...' : hosts.isError ? 'Hosts could not be loaded' : 'Select a host'}</option>
        {(hosts.data ?? []).map((h) => (
          <option key={h.id} value={String(h.id)}>
            {h.name} ({h.email})
          </option>
        ))}
      </Select>
    </Field>
  );
}
