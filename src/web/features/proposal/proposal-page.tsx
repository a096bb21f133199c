import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { publicProposalEndpoints as ep } from '../../../shared/api/endpoints/proposals';
import type { PublicProposal } from '../../../shared/api/proposals';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney } from '../../../shared/money';
import { api, errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Button, Section, Table } from '../../components/ui';
import { BrandHeader } from '../../components/brand-header';
import { useLocale, useT } from '../../lib/i18n';
import { dayText } from '../../lib/day-text';

function QuoteTable({ p }: { p: PublicProposal }) {
  const t = useT('public');
  const { moneyLocale } = useLocale();
  const money = (amount: number) => formatMoney(amount, p.currency, moneyLocale);
  // Plan and add-on names and the quote's own lines are staff's words, as they typed them.
  const rows: [string, string][] = [
    [t('gameType'), PLANS.find((x) => x.type === p.plan_type)?.name ?? p.plan_type],
    [t('players'), String(p.players)],
    [t('pricePerPerson'), money(p.price_per_person)],
    ...p.add_ons.map((a): [string, string] => [ADD_ONS.find((x) => x.type === a)?.name ?? a, money(p.add_ons_total)]),
    ...p.lines.map((l): [string, string] => [l.label, money(l.amount)]),
  ];
  return (
    <Table look="plain">
      <tbody>
        {rows.map(([k, v], i) => (
          <tr key={i} className="border-t border-slate-100">
            <th scope="row" className="py-2 pr-4 font-medium text-slate-700">
              {k}
            </th>
            <td className="py-2 text-right">{v}</td>
          </tr>
        ))}
        <tr className="border-t-2 border-slate-300">
          <th scope="row" className="py-2 pr-4 font-bold">
            {t('total')}
          </th>
          <td className="py-2 text-right text-lg font-bold" data-testid="proposal-total">
            {money(p.total_price)}
          </td>
        </tr>
      </tbody>
    </Table>
  );
}

/** /proposal/{token}: the customer's quote and Accept, which sends them to their management page to pay. */
export function ProposalPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const t = useT('public');
  const { locale } = useLocale();
  const day = (d: string) => dayText(d, locale, 'weekday');
  const query = useQuery({ queryKey: ['proposal', token], queryFn: () => api(ep.get, { params: { token } }), retry: false });
  // Accepted: on to the management page to pay. Refused (expired, withdrawn meanwhile): the quote is read again.
  const accept = useAction({
    call: () => api(ep.accept, { params: { token } }),
    failure: t('proposalAcceptFailed'),
    failureToast: 'server',
    onSuccess: ({ manage_path }) => navigate(manage_path),
    onError: () => query.refetch(),
  });
  const accepting = accept.isPending;

  if (query.isPending) return <Spinner label={t('loading')} />;
  const p = query.data?.proposal;
  return (
    <>
      <BrandHeader width="max-w-3xl" />
      <main className="mx-auto w-full max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">
        {!p ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center" role="alert">
            <h1 className="text-xl font-bold text-slate-900">{errorMessage(query.error, t('proposalLoadFailed'))}</h1>
            <p className="mt-2 text-slate-600">{t('proposalHelp')}</p>
          </div>
        ) : (
          <>
            <header className="space-y-1 px-1">
              <p className="text-sm font-medium text-brand-700">{t('yourProposal')}</p>
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
                {p.full_name ? t('huntInFor', { city: p.city, name: p.full_name }) : t('huntIn', { city: p.city })}
              </h1>
              <p className="text-slate-700">{t('gameDate', { day: day(p.date) })}</p>
            </header>
            <Section look="page" id="quote" title={t('whatWePropose')}>
              <QuoteTable p={p} />
            </Section>
            {p.status === 'accepted' ? (
              <div className="rounded-2xl border border-green-200 bg-green-50 p-4">
                <p className="font-semibold text-green-900">{t('proposalAccepted')}</p>
                {p.manage_path ? (
                  <Button variant="primary" className="mt-2" onClick={() => void navigate(p.manage_path ?? '/')}>
                    {t('goToBookingToPay')}
                  </Button>
                ) : null}
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-slate-700">{t('proposalValidUntil', { day: day(p.valid_until) })}</p>
                <Button variant="primary" size="md" onClick={() => void accept.run()} disabled={accepting} aria-busy={accepting}>
                  {accepting ? t('accepting') : t('acceptProposal')}
                </Button>
              </div>
            )}
          </>
        )}
      </main>
    </>
  );
}
