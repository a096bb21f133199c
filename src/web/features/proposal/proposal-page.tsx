import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { format, isValid, parse } from 'date-fns';
import { publicProposalEndpoints as ep } from '../../../shared/api/endpoints/proposals';
import type { PublicProposal } from '../../../shared/api/proposals';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney } from '../../../shared/money';
import { api, errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Button, Section, Table } from '../../components/ui';

const day = (d: string) => {
  const parsed = parse(d, 'yyyy-MM-dd', new Date());
  return isValid(parsed) ? format(parsed, 'EEEE d MMMM yyyy') : d;
};

function QuoteTable({ p }: { p: PublicProposal }) {
  const rows: [string, string][] = [
    ['Game type', PLANS.find((x) => x.type === p.plan_type)?.name ?? p.plan_type],
    ['Players', String(p.players)],
    ['Price per person', formatMoney(p.price_per_person, p.currency)],
    ...p.add_ons.map((a): [string, string] => [ADD_ONS.find((x) => x.type === a)?.name ?? a, formatMoney(p.add_ons_total, p.currency)]),
    ...p.lines.map((l): [string, string] => [l.label, formatMoney(l.amount, p.currency)]),
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
            Total
          </th>
          <td className="py-2 text-right text-lg font-bold" data-testid="proposal-total">
            {formatMoney(p.total_price, p.currency)}
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
  const query = useQuery({ queryKey: ['proposal', token], queryFn: () => api(ep.get, { params: { token } }), retry: false });
  // Accepted: on to the management page to pay. Refused (expired, withdrawn meanwhile): the quote is read again.
  const accept = useAction({
    call: () => api(ep.accept, { params: { token } }),
    failure: 'Failed to accept the proposal. Please try again.',
    failureToast: 'server',
    onSuccess: ({ manage_path }) => navigate(manage_path),
    onError: () => query.refetch(),
  });
  const accepting = accept.isPending;

  if (query.isPending) return <Spinner />;
  const p = query.data?.proposal;
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">
      {!p ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center" role="alert">
          <h1 className="text-xl font-bold text-slate-900">{errorMessage(query.error, 'This proposal could not be loaded.')}</h1>
          <p className="mt-2 text-slate-600">Reply to our email or contact us and we will help.</p>
        </div>
      ) : (
        <>
          <header className="space-y-1 px-1">
            <p className="text-sm font-medium text-brand-700">Your proposal</p>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
              A Chicken hunt in {p.city}
              {p.full_name ? ` for ${p.full_name}` : ''}
            </h1>
            <p className="text-slate-700">Game date: {day(p.date)}</p>
          </header>
          <Section look="page" id="quote" title="What we propose">
            <QuoteTable p={p} />
          </Section>
          {p.status === 'accepted' ? (
            <div className="rounded-2xl border border-green-200 bg-green-50 p-4">
              <p className="font-semibold text-green-900">You accepted this proposal.</p>
              {p.manage_path ? (
                <Button variant="primary" className="mt-2" onClick={() => void navigate(p.manage_path ?? '/')}>
                  Go to your booking to pay
                </Button>
              ) : null}
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
              <p className="text-slate-700">Valid until {day(p.valid_until)}. Accept it to confirm these terms, then pay to book your game.</p>
              <Button variant="primary" size="md" onClick={() => void accept.run()} disabled={accepting} aria-busy={accepting}>
                {accepting ? 'Accepting…' : 'Accept proposal'}
              </Button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
