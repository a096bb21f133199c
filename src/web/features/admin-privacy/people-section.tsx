import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/use-action';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Button, Dialog, ErrorState, Field, Input, Section, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { erasePerson, exportUrls, findPeople, privacyKeys } from './admin-privacy-api';

/** A person's data on request (issue 41): find them, download what is held, erase it (invoices keep the buyer). */
export function PeopleSection() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [erasing, setErasing] = useState<string | null>(null);
  const query = useQuery({ queryKey: privacyKeys.people(q), queryFn: () => findPeople(q), enabled: q.length >= 3 });
  const erase = useAction({
    call: erasePerson,
    failure: 'Failed to erase this person',
    failureToast: 'server',
    success: 'Erased',
    invalidates: [['admin', 'privacy', 'people']],
    onSuccess: () => setErasing(null),
  });
  const emails = [...new Set((query.data?.people ?? []).flatMap((p) => (p.email ? [p.email.toLowerCase()] : [])))];
  return (
    <Section id="people" title="A person's data">
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <Field label="Email or player name" className="flex-1">
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {query.isError ? <ErrorState message={errorMessage(query.error, 'The search failed')} /> : null}
      {query.data ? (
        <div className="mt-4 space-y-4">
          {emails.map((email) => {
            const urls = exportUrls(email);
            return (
              <div key={email} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3" data-testid="person">
                <span className="font-medium">{email}</span>
                <a className="text-brand-700 underline" href={urls.json} download>
                  Export (JSON)
                </a>
                <a className="text-brand-700 underline" href={urls.html} download>
                  Export (readable page)
                </a>
                <Button variant="danger" size="sm" onClick={() => setErasing(email)}>
                  Erase…
                </Button>
              </div>
            );
          })}
          <Table aria-label="Where the person was found">
            <TableHead headers={['Found as', 'Email', 'Name', 'Where']} />
            <tbody>
              {query.data.people.map((p, i) => (
                <TableRow key={i}>
                  <TableCell>{p.kind}</TableCell>
                  <TableCell>{p.email ?? ''}</TableCell>
                  <TableCell>{p.name ?? ''}</TableCell>
                  <TableCell>
                    {p.booking_id ? (
                      <a className="text-brand-700 underline" href={paths.admin.booking(p.booking_id)}>
                        {p.detail}
                      </a>
                    ) : (
                      p.detail
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <Dialog
        open={erasing !== null}
        onOpenChange={(open) => (open ? undefined : setErasing(null))}
        title="Erase this person?"
        description={`Everything held about ${erasing ?? ''} is erased: contact details, their players' positions and media, mails. Invoices keep the buyer, as tax law requires. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setErasing(null)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={erase.isPending} onClick={() => (erasing ? void erase.run(erasing) : undefined)}>
              Erase
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">The erasure is written in the activity log.</p>
      </Dialog>
    </Section>
  );
}
