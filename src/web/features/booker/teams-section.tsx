import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BookerBooking } from '../../../shared/api/booking';
import { MAX_TEAMS, normalizePlayers, teamsBody } from '../../../shared/api/booker-game';
import { saveTeams } from './booker-api';
import { Badge, Button, Field, FieldError, Input } from '../../components/ui';
import { PageSection } from './booker-ui';
import { firstErrorMessage } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { useMessageText, useT } from '../../lib/i18n';

type TeamsForm = z.input<typeof teamsBody>;
type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

const fromBooking = (b: BookerBooking): TeamsForm => ({ teams: b.teams_list.map((t) => ({ id: t.id, name: t.name, players: t.players })) });
const snapshot = (list: TeamsForm['teams']) => JSON.stringify(list.map((t) => [t.id ?? null, (t.name ?? '').trim(), normalizePlayers(t.players ?? '')]));
const countPlayers = (text: string) => (normalizePlayers(text) === '' ? 0 : normalizePlayers(text).split(', ').length);

/** The teams that will hunt: add, rename, remove; players typed as a comma-separated list. */
export function TeamsSection({ booking, onSaved }: Props) {
  const locked = booking.locked_teams;
  const t = useT('booker');
  const ruleText = useMessageText();
  const form = useForm<TeamsForm, unknown, z.output<typeof teamsBody>>({ resolver: zodResolver(teamsBody), defaultValues: fromBooking(booking) });
  // keyName 'key': the team's own `id` is a form value (it tells the server which team is renamed).
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'teams', keyName: 'key' });
  const {
    run,
    isPending: saving,
    error,
  } = useAction({
    call: (body: z.output<typeof teamsBody>) => saveTeams(booking, body),
    success: t('teamsSaved'),
    failure: t('teamsFailed'),
    onSuccess: (b) => {
      onSaved(b);
      form.reset(fromBooking(b));
    },
  });
  const teams = useWatch({ control: form.control, name: 'teams' });
  const unsaved = snapshot(teams) !== snapshot(fromBooking(booking).teams);
  // A team's rule can depend on the others (unique names), so every change judges the whole list.
  const judge = () => void form.trigger();
  const problem = firstErrorMessage(form.formState.errors);

  return (
    <PageSection
      id="teams"
      title={t('teams')}
      description={t('teamsHelp')}
      locked={locked}
      actions={unsaved ? <Badge tone="brand">{t('unsavedChanges')}</Badge> : null}
    >
      {fields.length === 0 ? <p className="text-slate-600">{t('noTeams')}</p> : null}
      <ul className="space-y-3">
        {fields.map((team, i) => (
          <li key={team.key} className="rounded-xl border border-slate-200 p-3" data-testid="team-row">
            <div className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
              <Field label={t('teamName', { n: i + 1 })} size="lg">
                <Input maxLength={100} disabled={locked} {...form.register(`teams.${i}.name`, { onChange: judge })} />
              </Field>
              <Field label={t('teamPlayers', { n: i + 1, count: countPlayers(teams[i]?.players ?? '') })} size="lg">
                <Input placeholder={t('playersPlaceholder')} disabled={locked} {...form.register(`teams.${i}.players`, { onChange: judge })} />
              </Field>
              {!locked ? (
                <Button
                  size="lg"
                  onClick={() => {
                    remove(i);
                    judge();
                  }}
                >
                  {t('remove')}
                  <span className="sr-only"> {t('removeTeam', { n: i + 1 })}</span>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {!locked ? (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button
            size="lg"
            disabled={fields.length >= MAX_TEAMS}
            onClick={() => {
              append({ name: t('newTeamName', { n: fields.length + 1 }), players: '' });
              judge();
            }}
          >
            {t('addTeam')}
          </Button>
          <Button variant="primary" size="lg" disabled={!unsaved || problem !== null || saving} onClick={() => void form.handleSubmit(run)()}>
            {saving ? t('saving') : t('saveTeams')}
          </Button>
        </div>
      ) : null}
      <FieldError className="mt-2" message={unsaved && problem ? ruleText(problem) : null} />
      <FieldError className="mt-2" message={error} />
    </PageSection>
  );
}
