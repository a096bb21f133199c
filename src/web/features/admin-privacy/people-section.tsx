import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/use-action';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Button, Dialog, ErrorState, Field, Input, Section, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { erasePerson, exportUrls, findPeople, privacyKeys } from './admin-privacy-api';
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';

/** Where a person was found, as the search answers it (shared/api/privacy.ts). */
const KIND_LABELS = {
  booker: 'people.kindBooker',
  player: 'people.kindPlayer',
  mail: 'people.kindMail',
  voucher: 'people.kindVoucher',
} as const satisfies Record<string, KeyOf<'system'>>;

/** A person's data on request (issue 41): find them, download what is held, erase it (invoices keep the buyer). */
export function PeopleSection() {
  const t = useT('system');
  // What each finding is ('Booking 2030-06-15 (paid)') is the server's sentence: the messages catalogue says it.
  const message = useMessageText();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [erasing, setErasing] = useState<string | null>(null);
  const query = useQuery({ queryKey: privacyKeys.people(q), queryFn: () => findPeople(q), enabled: q.length >= 3 });
  const erase = useAction({
    call: erasePerson,
    failure: t('people.eraseFailed'),
    failureToast: 'server',
    success: t('people.erased'),
    invalidates: [['admin', 'privacy', 'people']],
    onSuccess: () => setErasing(null),
  });
  const emails = [...new Set((query.data?.people ?? []).flatMap((p) => (p.email ? [p.email.toLowerCase()] : [])))];
  return (
    <Section id="people" title={t('people.title')}>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <Field label={t('people.query')} className="flex-1">
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary">
          {t('people.search')}
        </Button>
      </form>
      {query.isError ? <ErrorState message={errorMessage(query.error, t('people.searchFailed'))} /> : null}
      {query.data ? (
        <div className="mt-4 space-y-4">
          {emails.map((email) => {
            const urls = exportUrls(email);
            return (
              <div key={email} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3" data-testid="person">
                <span className="font-medium">{email}</span>
                <a className="text-brand-700 underline" href={urls.json} download>
                  {t('people.exportJson')}
                </a>
                <a className="text-brand-700 underline" href={urls.html} download>
                  {t('people.exportHtml')}
                </a>
                <Button variant="danger" size="sm" onClick={() => setErasing(email)}>
                  {t('people.eraseOpen')}
                </Button>
              </div>
            );
          })}
          <Table aria-label={t('people.foundLabel')}>
            <TableHead headers={[t('people.foundAs'), t('people.email'), t('people.name'), t('people.where')]} />
            <tbody>
              {query.data.people.map((p, i) => (
                <TableRow key={i}>
                  <TableCell>{t(KIND_LABELS[p.kind])}</TableCell>
                  <TableCell>{p.email ?? ''}</TableCell>
                  <TableCell>{p.name ?? ''}</TableCell>
                  <TableCell>
                    {p.booking_id ? (
                      <a className="text-brand-700 underline" href={paths.admin.booking(p.booking_id)}>
                        {message(p.detail)}
                      </a>
                    ) : (
                      message(p.detail)
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
        title={t('people.eraseTitle')}
        description={t('people.eraseDescription', { email: erasing ?? '' })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setErasing(null)}>
              {t('people.cancel')}
            </Button>
            <Button variant="danger" disabled={erase.isPending} onClick={() => (erasing ? void erase.run(erasing) : undefined)}>
              {t('people.erase')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{t('people.logged')}</p>
      </Dialog>
    </Section>
  );
}
