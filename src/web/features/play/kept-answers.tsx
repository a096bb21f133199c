import { Badge, Button } from '../../components/ui';
import { useMessageText, useT, type Translate } from '../../lib/i18n';
import { useOutbox } from './outbox';
import type { OutboxItem } from './outbox-store';

type KeptAnswer = Extract<OutboxItem, { type: 'answer' }>;

const describe = (item: KeptAnswer, t: Translate<'play'>) =>
  item.answer.kind === 'text'
    ? t('quoted', { text: item.answer.text })
    : item.answer.kind === 'count'
      ? t('counted', { count: item.answer.count })
      : item.answer.kind === 'video'
        ? t('video')
        : t('photo');

/**
 * The answers to one challenge that this phone kept (issue 29, decision 0432): "Waiting to send" until the connection
 * returns, then what the server said of each: sent, or not counted with its reason (until the player dismisses it).
 * Without a challenge, every kept answer of the game: after the end, the challenge cards are gone, but an answer kept
 * in a dead zone may only now be sent, or refused (decision 0433).
 */
export function KeptAnswers({ code, token, challengeId }: { code: string; token: string; challengeId?: number }) {
  const t = useT('play');
  const say = useMessageText();
  const { answers, dismiss } = useOutbox(code, token);
  const mine = answers.filter((a): a is KeptAnswer => a.type === 'answer' && (challengeId === undefined || a.challengeId === challengeId));
  if (mine.length === 0) return null;
  const list = (
    <ul className="space-y-2" aria-label={t('keptLabel')}>
      {mine.map((item) => (
        <li key={item.key} className="rounded-lg border border-dashed border-slate-300 p-2 text-sm" data-testid="kept-answer" data-state={item.state}>
          <div className="flex items-center justify-between gap-2">
            <span>{describe(item, t)}</span>
            <Badge tone={item.state === 'waiting' ? 'amber' : item.state === 'sent' ? 'green' : 'red'}>
              <span data-testid="kept-answer-status">
                {item.state === 'waiting' ? t('waitingToSend') : item.state === 'sent' ? t('keptSent') : t('keptNotCounted')}
              </span>
            </Badge>
          </div>
          {item.state === 'refused' && item.message ? <p className="mt-1 text-red-800">{say(item.message)}</p> : null}
          {item.state !== 'waiting' && item.id !== undefined ? (
            <Button size="sm" variant="ghost" onClick={() => item.id !== undefined && void dismiss(item.id)}>
              {t('dismiss')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
  if (challengeId !== undefined) return list;
  return (
    <section className="space-y-2" aria-labelledby="kept-answers-title">
      <h2 id="kept-answers-title" className="font-semibold">
        {t('keptTitle')}
      </h2>
      {list}
    </section>
  );
}
