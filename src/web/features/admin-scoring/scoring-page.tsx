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
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

/** While a game is live its board refreshes every 10 s; an ended game's board is final and stays put. */
export const LIVE_REFRESH_MS = 10_000;
const when = formatAdminTimestamp;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function AdjustDialog({ team, onClose }: { team: LeaderboardTeam | null; onClose: () => void }) {
  const t = useT('content');
  const say = useMessageText();
  const { integer } = useReaderFormat();
  const formId = useId();
  const form = useForm<z.input<typeof adjustmentBody>, unknown, z.output<typeof adjustmentBody>>({
    resolver: zodResolver(adjustmentBody),
    defaultValues: { reason: '' },
  });
  useEffect(() => form.reset({ reason: '' }), [team, form]);
  const adjust = useAction({
    call: (body: z.output<typeof adjustmentBody>) => api(ep.adjust, { params: { teamId: team?.id ?? 0 }, body }),
    success: (answer) => t('scoring.adjusted', { points: signed(answer.adjustment.points), team: answer.team.name, total: integer(answer.team.total) }),
    failure: t('scoring.adjustFailed'),
    failureToast: 'server',
    invalidates: scoresChanged,
    onSuccess: onClose,
  });
  if (!team) return null;
  // The shared rule's messages in the reader's language.
  const sayOf = (message: string | undefined) => (message ? say(message) : undefined);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !adjust.isPending && onClose()}
      title={t('scoring.adjustTitle', { team: team.name })}
      description={t('scoring.adjustHelp', { total: integer(team.total) })}
      size="sm"
      footer={
        <>
          <Button disabled={adjust.isPending} onClick={onClose}>
            {t('scoring.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={adjust.isPending}>
            {t('scoring.saveAdjustment')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="space-y-3" onSubmit={(e) => void form.handleSubmit(adjust.run, toastFirstError)(e)}>
        <Field label={t('scoring.points')} id={`${formId}-points`} error={sayOf(form.formState.errors.points?.message)}>
          <Input type="number" step={1} className="w-32" {...form.register('points', { valueAsNumber: true })} />
        </Field>
        <Field label={t('scoring.reason')} id={`${formId}-reason`} error={sayOf(form.formState.errors.reason?.message)}>
          <Textarea rows={2} {...form.register('reason')} />
        </Field>
      </form>
    </Dialog>
  );
}

function Leaderboard({ instanceId }: { instanceId: number }) {
  const t = useT('content');
  const [adjusting, setAdjusting] = useState<LeaderboardTeam | null>(null);
  const query = useQuery({
    queryKey: scoresKeys.leaderboard(instanceId),
    queryFn: () => api(ep.leaderboard, { params: { id: instanceId } }),
    refetchInterval: (q) => (q.state.data && !q.state.data.final ? LIVE_REFRESH_MS : false),
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState message={t('scoring.leaderboardFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { instance, final, teams, adjustments } = query.data;
  const teamName = (id: number) => teams.find((team) => team.id === id)?.name ?? t('scoring.teamNumber', { id });
  return (
    <>
      <Section id="leaderboard" title={final ? t('scoring.finalResults') : t('scoring.leaderboard')}>
        <p className="mb-3 text-sm text-slate-600">
          {t('scoring.game')} <span className="font-mono">{instance.game_code}</span> · {instance.booking_name ?? t('scoring.unnamedBooking')} ·{' '}
          {t('scoring.started', { time: when(instance.start_time) })}
          {instance.end_time ? ` · ${t('scoring.ended', { time: when(instance.end_time) })}` : ''}{' '}
          <Badge tone={final ? 'slate' : 'green'}>
            {final ? t('scoring.statusEnded') : instance.status === 'live' ? t('scoring.statusLive') : instance.status}
          </Badge>
        </p>
        <Table>
          <TableHead
            headers={[
              t('scoring.colRank'),
              t('scoring.colTeam'),
              t('scoring.colChallenges'),
              t('scoring.colChicken'),
              t('scoring.colAdjustments'),
              t('scoring.colTotal'),
              '',
            ]}
          />
          <tbody>
            {teams.length === 0 ? <EmptyTableRow columns={7}>{t('scoring.noTeams')}</EmptyTableRow> : null}
            {teams.map((team) => (
              <TableRow key={team.id} data-testid="leaderboard-row">
                <TableCell className="font-semibold">{team.rank}</TableCell>
                <TableCell>{team.name}</TableCell>
                <TableCell>{team.challenge_points}</TableCell>
                <TableCell>
                  {team.chicken_points}
                  {team.found_chicken_at ? (
                    <span className="ml-1 text-xs text-slate-500">{t('scoring.found', { time: when(team.found_chicken_at) })}</span>
                  ) : null}
                </TableCell>
                <TableCell>{signed(team.adjustments)}</TableCell>
                <TableCell className="font-bold" data-testid="team-total">
                  {team.total}
                </TableCell>
                <TableCell>
                  <Button size="sm" onClick={() => setAdjusting(team)}>
                    {t('scoring.adjust')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
        <p className="mt-2 text-xs text-slate-500">{t('scoring.totalRule')}</p>
      </Section>
      <Section id="adjustments" title={t('scoring.adjustmentsTitle')}>
        {adjustments.length === 0 ? (
          <EmptyState>{t('scoring.noAdjustments')}</EmptyState>
        ) : (
          <ul className="space-y-1 text-sm">
            {adjustments.map((a) => (
              <li key={a.id}>
                <strong>{signed(a.points)}</strong> {teamName(a.team_id)}: {a.reason}{' '}
                <span className="text-slate-500">
                  ({a.actor_name ?? t('scoring.staff')}, {when(a.created_at)})
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
  const t = useT('content');
  useEffect(requestToasts, []);
  const [params, setParams] = useSearchParams();
  const instances = useQuery({ queryKey: scoresKeys.instances, queryFn: () => api(ep.instances) });
  const chosen = Number(params.get('instance')) || instances.data?.instances[0]?.id || null;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t('scoring.title')}</h1>
      <p className="mt-1 text-slate-600">{t('scoring.intro')}</p>
      {instances.isPending ? <Spinner /> : null}
      {instances.isError ? <ErrorState message={t('scoring.gamesFailed')} onRetry={() => void instances.refetch()} retrying={instances.isFetching} /> : null}
      {instances.data && instances.data.instances.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{t('scoring.noGames')}</EmptyState>
        </div>
      ) : null}
      {instances.data && instances.data.instances.length > 0 ? (
        <div className="mt-4 space-y-6">
          <Field label={t('scoring.gameField')} id="scoring-instance">
            <Select className="max-w-md" value={chosen ?? ''} onChange={(e) => setParams({ instance: e.target.value })}>
              {instances.data.instances.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.game_code} · {i.booking_name ?? t('scoring.unnamed')} · {i.status} · {when(i.start_time)}
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
