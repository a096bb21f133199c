import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { MapTeam, PublicGame } from '../../../shared/api/play';
import { submitBody, type PlayChallenge, type TeamSubmission } from '../../../shared/api/play-challenges';
import { SUBMISSION_COUNT_MAX, SUBMISSION_TEXT_MAX } from '../../../shared/game/submission-kinds';
import { AuthedMedia } from '../../lib/authed-photo';
import { errorMessage, type UploadProgress } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { toastFirstError } from '../../lib/form-errors';
import { resizePhoto } from '../../lib/photo-resize';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Badge, Button, ErrorState, Field, Input, Textarea } from '../../components/ui';
import { challengeKeys, fetchChallenges, playerHeaders } from './challenges-api';
import { sendOrKeep, useOutbox, waitingAnswers } from './outbox';
import { KeptAnswers } from './kept-answers';
import { MediaPicker } from './media-picker';
import { PlaceNote } from './place-note';
import { ChallengeHints } from './challenge-hints';
import { BlockedNote, useTeamBlock } from './team-block';
import { TeamLeaderboard } from '../../components/team-leaderboard';

type Props = { code: string; token: string; game: PublicGame; teams: readonly MapTeam[]; myTeamId: number | null };

/** The Challenges tab (issue 14): the leaderboard, then each challenge with what the team sent and a way to send more. */
export function ChallengesTab({ code, token, game, teams, myTeamId }: Props) {
  const t = useT('play');
  const list = useQuery({ queryKey: challengeKeys.list(code), queryFn: () => fetchChallenges(code, token) });
  // A team an Egg Strike froze may not submit until the freeze ends: the same rule the server enforces (423).
  const block = useTeamBlock(code, token, game, myTeamId, 'submit');
  const { answers } = useOutbox(code, token);
  return (
    <div className="space-y-4">
      <section aria-labelledby="leaderboard-title">
        <h2 id="leaderboard-title" className="mb-1 font-semibold">
          {t('leaderboard')}
        </h2>
        <TeamLeaderboard teams={teams} myTeamId={myTeamId} testId="player-leaderboard" label={t('leaderboard')} />
      </section>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.data === undefined ? (
        // A refetch that failed (no signal) keeps the list it had: only a list never loaded is an error here.
        <ErrorState message={errorMessage(list.error, t('challengesLoadFailed'))} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.challenges.length === 0 ? (
        <p className="text-slate-600">{t('challengesNone')}</p>
      ) : (
        <>
          <BlockedNote block={block} />
          <ul className="space-y-3" aria-label={t('tabChallenges')}>
            {list.data.challenges.map((c) => (
              <ChallengeCard
                key={c.id}
                code={code}
                token={token}
                challenge={c}
                kept={waitingAnswers(answers, c.id)}
                canSubmit={list.data.can_submit}
                frozen={block !== null}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ChallengeCard({
  code,
  token,
  challenge: c,
  kept,
  canSubmit,
  frozen,
}: {
  code: string;
  token: string;
  challenge: PlayChallenge;
  /** Answers to it kept on this phone, waiting to be sent: they take a place as the server will count them (issue 36). */
  kept: number;
  canSubmit: boolean;
  frozen: boolean;
}) {
  const t = useT('play');
  const left = Math.max(0, c.submissions_left - kept);
  // A check-in takes no answer: its button is in the place note (decision 0440).
  const open = canSubmit && left > 0 && !c.check_in;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-3" data-testid="challenge" data-name={c.name}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{c.name}</h3>
        <Badge tone={c.points_left === 0 ? 'green' : 'slate'}>
          <span data-testid="challenge-points">
            {c.points}/{c.max_score}
          </span>
        </Badge>
      </div>
      <p className="text-sm text-slate-700">{c.description}</p>
      <PlaceNote code={code} token={token} challenge={c} canSubmit={canSubmit && !frozen} />
      <ChallengeHints code={code} token={token} challengeId={c.id} live={canSubmit} />
      <p className="text-xs text-slate-500">
        {t(c.type === 'Tally' ? 'challengeTypeTally' : c.type === 'Rating' ? 'challengeTypeRating' : 'challengeTypeRightWrong', {
          points: c.points_per_submission,
        })}{' '}
        · {t('submissionsLeft', { left, max: c.max_submissions })}
      </p>
      <KeptAnswers code={code} token={token} challengeId={c.id} />
      {c.submissions.length ? (
        <ul className="space-y-2">
          {c.submissions.map((s) => (
            <SentItem key={s.id} submission={s} token={token} />
          ))}
        </ul>
      ) : null}
      {open ? <SubmitForm code={code} token={token} challenge={c} frozen={frozen} /> : null}
    </li>
  );
}

/** The answer forms, each the shared submit body's rule for its kind; the count is typed as text and read as a number. */
const [textSubmit, countSubmit] = submitBody.options;
const textForm = textSubmit.pick({ text: true });
const countForm = z.object({ count: z.string().transform(Number).pipe(countSubmit.shape.count) });

type OnProgress = (progress: UploadProgress) => void;

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

function SentItem({ submission: s, token }: { submission: TeamSubmission; token: string }) {
  const t = useT('play');
  return (
    <li className="rounded-lg bg-slate-50 p-2 text-sm" data-testid="sent-submission" data-status={s.status}>
      <div className="flex items-center justify-between gap-2">
        <span>
          {s.kind === 'check_in'
            ? t('checkedIn')
            : s.kind === 'photo'
              ? t('photo')
              : s.kind === 'video'
                ? t('video')
                : s.kind === 'count'
                  ? t('counted', { count: s.count ?? 0 })
                  : t('quoted', { text: s.text ?? '' })}
        </span>
        <Badge tone={STATUS_TONE[s.status]}>
          <span data-testid="submission-status">
            {s.status === 'pending' ? t('statusPending') : s.status === 'approved' ? t('statusApproved', { points: s.points_awarded }) : t('statusRejected')}
          </span>
        </Badge>
      </div>
      {s.status === 'rejected' && s.reason ? <p className="mt-1 text-red-800">{t('rejectedReason', { reason: s.reason })}</p> : null}
      {s.media_url && (s.kind === 'photo' || s.kind === 'video') ? (
        <AuthedMedia
          url={s.media_url}
          kind={s.kind}
          headers={playerHeaders(token)}
          alt={s.kind === 'video' ? t('teamVideoAlt') : t('teamPhotoAlt')}
          className="mt-2 max-h-48 rounded-lg object-cover"
        />
      ) : null}
    </li>
  );
}

function SubmitForm({ code, token, challenge: c, frozen }: { code: string; token: string; challenge: PlayChallenge; frozen: boolean }) {
  const t = useT('play');
  const answerForm = useForm<z.input<typeof textForm>, unknown, z.output<typeof textForm>>({ resolver: zodResolver(textForm), defaultValues: { text: '' } });
  const countsForm = useForm<z.input<typeof countForm>, unknown, z.output<typeof countForm>>({
    resolver: zodResolver(countForm),
    defaultValues: { count: '' },
  });
  const text = useWatch({ control: answerForm.control, name: 'text' });
  const count = useWatch({ control: countsForm.control, name: 'count' });
  const send = useAction({
    // Each answer gets its Idempotency-Key and made_at now; without a connection it is kept on the phone (0432).
    call: async (what: { photo: File; onProgress: OnProgress } | { video: File; onProgress: OnProgress } | { text: string } | { count: number }) => {
      if ('text' in what) return sendOrKeep(code, token, c.id, { kind: 'text', text: what.text });
      if ('count' in what) return sendOrKeep(code, token, c.id, { kind: 'count', count: what.count });
      if ('video' in what) return sendOrKeep(code, token, c.id, { kind: 'video', blob: what.video }, what.onProgress);
      // Shrunk on the phone first (lib/photo-resize.ts); a photo the browser cannot decode goes as it is.
      const photo = await resizePhoto(what.photo).catch(() => what.photo);
      return sendOrKeep(code, token, c.id, { kind: 'photo', blob: photo }, what.onProgress);
    },
    success: (sent) => (sent ? t('answerSent') : t('answerKept')),
    failure: t('sendFailed'),
    failureToast: 'server',
    invalidates: [challengeKeys.list(code)],
    onSuccess: () => {
      answerForm.reset({ text: '' });
      countsForm.reset({ count: '' });
    },
  });
  const busy = send.isPending || frozen;
  /** Resolves once sent; rejects (after the error toast) so a photo being previewed stays for another try. */
  const sendPhoto = async (photo: File, onProgress: OnProgress) => {
    if (!(await send.run({ photo, onProgress }))) throw new Error('Not sent');
  };
  /** A video goes as it is (no shrinking on the phone); the server judges its container and length (0420). */
  const sendVideo = async (video: File, onProgress: OnProgress) => {
    if (!(await send.run({ video, onProgress }))) throw new Error('Not sent');
  };
  const onText = answerForm.handleSubmit(({ text: answer }) => send.run({ text: answer }), toastFirstError);
  const onCount = countsForm.handleSubmit(({ count: counted }) => send.run({ count: counted }), toastFirstError);
  return (
    <div className="space-y-2 border-t border-slate-100 pt-2">
      {c.kinds.includes('photo') ? <MediaPicker kind="photo" name={c.name} liveCapture={c.live_capture} busy={busy} onSend={sendPhoto} /> : null}
      {c.kinds.includes('video') ? <MediaPicker kind="video" name={c.name} liveCapture={c.live_capture} busy={busy} onSend={sendVideo} /> : null}
      {c.kinds.includes('text') ? (
        <form onSubmit={(e) => void onText(e)} className="space-y-2">
          <Field label={t('yourAnswer')}>
            <Textarea maxLength={SUBMISSION_TEXT_MAX} rows={2} {...answerForm.register('text')} />
          </Field>
          <Button type="submit" disabled={busy || !text.trim()}>
            {t('sendAnswer')}
          </Button>
        </form>
      ) : null}
      {c.kinds.includes('count') ? (
        <form onSubmit={(e) => void onCount(e)} className="flex items-end gap-2">
          <Field label={t('howMany')}>
            <Input type="number" inputMode="numeric" min={1} max={SUBMISSION_COUNT_MAX} {...countsForm.register('count')} />
          </Field>
          <Button type="submit" disabled={busy || !(Number(count) >= 1)}>
            {t('sendCount')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
