import { useEffect, useId, useState } from 'react';
import { formatAdminTimestamp } from '../../../shared/time';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { adminScoringEndpoints as ep } from '../../../shared/api/endpoints/admin-review';
import { adjustmentBody, type LeaderboardTeam } from '../../../shared/api/scoring';
import { api } from '../../lib/api-client';
import { requestToasts } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { toastFirstError } from '../../lib/form-errors';
import { Spinner } from '../../components/spinner';
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  EmptyTableRow,
  ErrorState,
  Field,
  Input,
  Section,
  Select,
  Table,
  TableCell,
  TableHead,
  TableRow,
  Textarea,
} from '../../components/ui';
import { scoresChanged, scoresKeys } from '../../lib/scores-data';

/** While a game is live its board refreshes every 10 s; an ended game's board is final and stays put. */
export const LIVE_REFRESH_MS = 10_000;
const when = formatAdminTimestamp;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function AdjustDialog({ team, onClose }: { team: LeaderboardTeam | null; onClose: () => void }) {
  const formId = useId();
  const form = useForm<z.input<typeof adjustmentBody>, unknown, z.output<typeof adjustmentBody>>({
    resolver: zodResolver(adjustmentBody),
    defaultValues: { reason: '' },
  });
  useEffect(() => form.reset({ reason: '' }), [team, form]);
  const adjust = useAction({
    call: (body: z.output<typeof adjustmentBody>) => api(ep.adjust, { params: { teamId: team?.id ?? 0 }, body }),
    success: (answer) => `${signed(answer.adjustment.points)} points for ${answer.team.name}: total ${answer.team.total}`,
    failure: 'Failed to adjust the score',
    failureToast: 'server',
    invalidates: scoresChanged,
    onSuccess: onClose,
  });
  if (!team) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !adjust.isPending && onClose()}
      title={`Adjust ${team.name}`}
      description={`Now ${team.total} points. Use a negative number to take points away.`}
      size="sm"
      footer={
        <>
          <Button disabled={adjust.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={adjust.isPending}>
            Save adjustment
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="space-y-3" onSubmit={(e) => void form.handleSubmit(adjust.run, toastFirstError)(e)}>
        <Field label="Points" id={`${formId}-points`} error={form.formState.errors.points?.message}>
          <Input type="number" step={1} className="w-32" {...form.register('points', { valueAsNumber: true })} />
        </Field>
        <Field label="Reason" id={`${formId}-reason`} error={form.formState.errors.reason?.message}>
          <Textarea rows={2} {...form.register('reason')} />
        </Field>
      </form>
    </Dialog>
  );
}

function Leaderboard({ instanceId }: { instanceId: number }) {
  const [adjusting, setAdjusting] = useState<LeaderboardTeam | null>(null);
  const query = useQuery({
    queryKey: scoresKeys.leaderboard(instanceId),
    queryFn: () => api(ep.leaderboard, { params: { id: instanceId } }),
    refetchInterval: (q) => (q.state.data && !q.state.data.final ? LIVE_REFRESH_MS : false),
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState message="Failed to load the leaderboard" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { instance, final, teams, adjustments } = query.data;
  const teamName = (id: number) => teams.find((t) => t.id === id)?.name ?? `Team ${id}`;
  return (
    <>
      <Section id="leaderboard" title={final ? 'Final results' : 'Leaderboard'}>
        <p className="mb-3 text-sm text-slate-600">
          Game <span className="font-mono">{instance.game_code}</span> · {instance.booking_name ?? 'Unnamed booking'} · started {when(instance.start_time)}
          {instance.end_time ? ` · ended ${when(instance.end_time)}` : ''}{' '}
          <Badge tone={final ? 'slate' : 'green'}>{final ? 'Ended' : instance.status === 'live' ? 'Live' : instance.status}</Badge>
        </p>
        <Table>
          <TableHead headers={['Rank', 'Team', 'Challenges', 'Chicken', 'Adjustments', 'Total', '']} />
          <tbody>
            {teams.length === 0 ? <EmptyTableRow columns={7}>No teams in this game yet.</EmptyTableRow> : null}
            {teams.map((t) => (
              <TableRow key={t.id} data-testid="leaderboard-row">
                <TableCell className="font-semibold">{t.rank}</TableCell>
                <TableCell>{t.name}</TableCell>
                <TableCell>{t.challenge_points}</TableCell>
                <TableCell>
                  {t.chicken_points}
                  {t.found_chicken_at ? <span className="ml-1 text-xs text-slate-500">found {when(t.found_chicken_at)}</span> : null}
                </TableCell>
                <TableCell>{signed(t.adjustments)}</TableCell>
                <TableCell className="font-bold" data-testid="team-total">
                  {t.total}
                </TableCell>
                <TableCell>
                  <Button size="sm" onClick={() => setAdjusting(t)}>
                    Adjust
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
        <p className="mt-2 text-xs text-slate-500">
          Total = challenges + chicken + adjustments. Equal totals: the team that found the Chicken first ranks higher.
        </p>
      </Section>
      <Section id="adjustments" title="Adjustments">
        {adjustments.length === 0 ? (
          <EmptyState>No adjustments yet.</EmptyState>
        ) : (
          <ul className="space-y-1 text-sm">
            {adjustments.map((a) => (
              <li key={a.id}>
                <strong>{signed(a.points)}</strong> {teamName(a.team_id)}: {a.reason}{' '}
                <span className="text-slate-500">
                  ({a.actor_name ?? 'staff'}, {when(a.created_at)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <AdjustDialog team={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}

/** /admin/scoring: pick a game instance, watch its leaderboard, adjust a team's score with a reason. */
export function ScoringPage() {
  useEffect(requestToasts, []);
  const [params, setParams] = useSearchParams();
  const instances = useQuery({ queryKey: scoresKeys.instances, queryFn: () => api(ep.instances) });
  const chosen = Number(params.get('instance')) || instances.data?.instances[0]?.id || null;
  return (
    <section>
      <h1 className="text-2xl font-bold">Scoring</h1>
      <p className="mt-1 text-slate-600">Live leaderboards, manual adjustments and final results.</p>
      {instances.isPending ? <Spinner /> : null}
      {instances.isError ? <ErrorState message="Failed to load games" onRetry={() => void instances.refetch()} retrying={instances.isFetching} /> : null}
      {instances.data && instances.data.instances.length === 0 ? (
        <div className="mt-4">
          <EmptyState>No game has started yet.</EmptyState>
        </div>
      ) : null}
      {instances.data && instances.data.instances.length > 0 ? (
        <div className="mt-4 space-y-6">
          <Field label="Game" id="scoring-instance">
            <Select className="max-w-md" value={chosen ?? ''} onChange={(e) => setParams({ instance: e.target.value })}>
              {instances.data.instances.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.game_code} · {i.booking_name ?? 'Unnamed'} · {i.status} · {when(i.start_time)}
                </option>
              ))}
            </Select>
          </Field>
          {chosen ? <Leaderboard instanceId={chosen} /> : null}
        </div>
      ) : null}
    </section>
  );
}
