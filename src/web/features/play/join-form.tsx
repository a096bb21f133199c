import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLanguage, useMessageText, useT } from '../../lib/i18n';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PLAYER_NAME_MAX, TEAM_NAME_MAX } from '../../../shared/game/teams';
import { joinBody, teamName, type JoinBody, type LobbyTeam, type Player } from '../../../shared/api/play';
import { firstErrorMessage } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { Button, cx, Field, FieldError, Input } from '../../components/ui';
import { joinGame } from './play-api';
import { privacyQuery } from '../../lib/privacy-api';
import { WaiverBox, waiverFields, type WaiverChoice } from '../../components/waiver-box';

type Props = {
  code: string;
  teams: LobbyTeam[];
  chickenKey: string | null;
  onJoined: (token: string, player: Player) => void;
};

const NEW_TEAM = 'new';

/**
 * The join body's name rule, plus the screen's choice of team: a new team needs a name (the shared team-name rule)
 * only when "Create a new team" is chosen, and never for the Chicken, who plays without a team.
 */
const joinForm = (chicken: boolean) =>
  joinBody
    .pick({ name: true })
    .extend({ choice: z.string(), team_name: z.string() })
    .superRefine((values, ctx) => {
      if (chicken || values.choice !== NEW_TEAM) return;
      const checked = teamName.safeParse(values.team_name);
      if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['team_name'] });
    });
type JoinForm = z.input<ReturnType<typeof joinForm>>;

/** Enter a name, pick a team from the organiser's list (full ones greyed out) or create one, join. */
export function JoinForm({ code, teams, chickenKey, onJoined }: Props) {
  const id = useId();
  const t = useT('play');
  const say = useMessageText();
  // The player's language: preset from the page's (the phone's), changed with the switcher above (issue 38).
  const language = useLanguage();
  const firstOpen = teams.find((team) => !team.full);
  // Chosen by name: names are unique in a game, and a team listed before the lobby opens has no id yet.
  const keyOf = (team: LobbyTeam) => `team:${team.name}`;
  const form = useForm<JoinForm, unknown, z.output<ReturnType<typeof joinForm>>>({
    resolver: zodResolver(joinForm(!!chickenKey)),
    defaultValues: { name: '', choice: firstOpen ? keyOf(firstOpen) : NEW_TEAM, team_name: '' },
  });
  const { field: choiceField } = useController({ control: form.control, name: 'choice' });
  const choice = choiceField.value;
  // A refusal (a full team, a name taken) is said under the form, in the server's words.
  const join = useAction({
    call: (body: JoinBody) => joinGame(code, body),
    failure: t('joinFailed'),
    failureToast: 'none',
    onSuccess: (answer) => onJoined(answer.token, answer.player),
  });
  const busy = join.isPending;
  // While a waiver is published every player accepts it and says yes or no to photos (issue 41).
  const waiver = useQuery(privacyQuery).data?.waiver ?? null;
  const [waiverChoice, setWaiverChoice] = useState<WaiverChoice>({ accepted: false, photoConsent: null });
  const [waiverError, setWaiverError] = useState<string | null>(null);
  // The rules' and the server's messages, in the reader's language (the server's already are: Accept-Language).
  const errorText = firstErrorMessage(form.formState.errors) ?? waiverError ?? join.error;

  const onSubmit = async ({ name, choice: chosen, team_name }: z.output<ReturnType<typeof joinForm>>) => {
    // A team listed before the lobby exists has no id yet (not positive): it is joined by its name.
    const picked = teams.find((t) => keyOf(t) === chosen);
    const team: Pick<JoinBody, 'team_id' | 'team_name'> = chickenKey
      ? {}
      : chosen === NEW_TEAM || !picked
        ? { team_name: team_name.trim() }
        : picked.id > 0
          ? { team_id: picked.id }
          : { team_name: picked.name };
    const waiverPart = waiverFields(waiver, waiverChoice);
    if (typeof waiverPart === 'string') {
      setWaiverError(t(waiverPart));
      return;
    }
    setWaiverError(null);
    await join.run({ name, ...team, ...(chickenKey ? { chicken_key: chickenKey } : {}), ...waiverPart, language });
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-5" aria-label={t('joinLabel')}>
      <Field label={t('yourName')} size="lg">
        <Input size="lg" maxLength={PLAYER_NAME_MAX} autoComplete="nickname" {...form.register('name')} />
      </Field>
      {chickenKey ? (
        <p className="rounded-xl bg-brand-100 p-3 text-brand-700">{t('joinAsChicken')}</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold text-slate-900">{t('yourTeam')}</legend>
          {teams.map((team) => (
            <label
              key={keyOf(team)}
              className={cx(
                'flex min-h-12 items-center gap-3 rounded-xl border px-3',
                team.full ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400' : 'cursor-pointer',
                choice === keyOf(team) ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name={`${id}-team`}
                value={keyOf(team)}
                disabled={team.full}
                checked={choice === keyOf(team)}
                onChange={() => choiceField.onChange(keyOf(team))}
              />
              <span className="flex-1 font-medium">{team.name}</span>
              <span className="text-sm">{team.full ? t('full') : `${team.players}/${team.capacity}`}</span>
            </label>
          ))}
          <label
            className={cx(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3',
              choice === NEW_TEAM ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
            )}
          >
            <input type="radio" name={`${id}-team`} value={NEW_TEAM} checked={choice === NEW_TEAM} onChange={() => choiceField.onChange(NEW_TEAM)} />
            <span className="font-medium">{t('newTeam')}</span>
          </label>
          {choice === NEW_TEAM ? (
            <Field label={t('teamName')} size="lg">
              <Input size="lg" maxLength={TEAM_NAME_MAX} {...form.register('team_name')} />
            </Field>
          ) : null}
        </fieldset>
      )}
      {waiver ? <WaiverBox waiver={waiver} value={waiverChoice} onChange={setWaiverChoice} /> : null}
      <FieldError message={errorText ? say(errorText) : null} />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        {busy ? t('joining') : t('joinButton')}
      </Button>
    </form>
  );
}
