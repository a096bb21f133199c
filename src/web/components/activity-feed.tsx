import type { ReactNode } from 'react';
import type { FeedItem } from '../../shared/api/showcase';
import type { MediaKind } from '../../shared/media';
import { useT } from '../lib/i18n';
import { Button, cx } from './ui';

/** The feed's own words in the reader's language (issue 38); English where no reader is known (the recap's text). */
export type FeedWords = { counted: (count: number) => string; checkedIn: string; aChallenge: string };
const ENGLISH: FeedWords = { counted: (count) => `Counted ${count}`, checkedIn: 'Checked in', aChallenge: 'a challenge' };

export function useFeedWords(): FeedWords {
  const t = useT('common');
  return { counted: (count) => t('feedCounted', { count }), checkedIn: t('feedCheckedIn'), aChallenge: t('feedAChallenge') };
}

/** What an answer said, for the card's caption and a media's alternative text. */
export function answerText(item: Pick<FeedItem, 'kind' | 'text' | 'count'>, words: FeedWords = ENGLISH): string | null {
  if (item.text) return item.text;
  if (item.count !== null) return words.counted(item.count);
  if (item.kind === 'check_in') return words.checkedIn;
  return null;
}

export const feedAlt = (item: Pick<FeedItem, 'team_name' | 'challenge_name'>, words: FeedWords = ENGLISH) =>
  `${item.team_name}: ${item.challenge_name ?? words.aChallenge}`;

/** A photo or a video from a same-origin address, by the kind the server said it is (never by its name). */
export function MediaView({
  src,
  type,
  alt,
  className,
  controls = true,
}: {
  src: string;
  type: MediaKind;
  alt: string;
  className?: string;
  controls?: boolean;
}) {
  if (type === 'video')
    return (
      <video
        src={src}
        aria-label={alt}
        className={className}
        controls={controls}
        muted={!controls}
        autoPlay={!controls}
        loop={!controls}
        playsInline
        preload="metadata"
      />
    );
  return <img src={src} alt={alt} className={className} loading="lazy" />;
}

type Props = {
  items: readonly FeedItem[];
  /** How this screen shows an item's media (a plain address, or one fetched with the player's token). */
  media: (item: FeedItem & { media_url: string; media_kind: MediaKind }) => ReactNode;
  /** Staff and the host: take an answer out of the feed. */
  onHide?: ((item: FeedItem) => void) | undefined;
  /** `wall`: the big screen's photo wall, large tiles on a dark background. */
  look?: 'list' | 'wall';
  empty?: string;
};

/**
 * The activity feed (issue 29, decision 0450): every team's approved answers, newest first, as the phones, the host
 * console and the big screen show them; each screen passes how it fetches a media.
 */
export function ActivityFeed({ items, media, onHide, look = 'list', empty }: Props) {
  const t = useT('common');
  const words = useFeedWords();
  if (!items.length)
    return (
      <p className={look === 'wall' ? 'text-slate-300' : 'text-sm text-slate-600'} data-testid="feed-empty">
        {empty ?? t('feedEmpty')}
      </p>
    );
  return (
    <ul
      className={cx('grid gap-3', look === 'wall' ? 'grid-cols-2 xl:grid-cols-3' : 'grid-cols-2 sm:grid-cols-3')}
      data-testid={look === 'wall' ? 'photo-wall' : 'activity-feed'}
      aria-label={t('feedLabel')}
    >
      {items.map((item) => {
        const text = answerText(item, words);
        return (
          <li
            key={item.id}
            data-testid="feed-item"
            data-id={item.id}
            data-team={item.team_name}
            className={cx('flex flex-col overflow-hidden rounded-xl', look === 'wall' ? 'bg-slate-800 text-white' : 'border border-slate-200 bg-white')}
          >
            {item.media_url && item.media_kind ? media({ ...item, media_url: item.media_url, media_kind: item.media_kind }) : null}
            {!item.media_url && text ? <p className={cx('flex-1 p-3 font-medium', look === 'wall' ? 'text-xl' : 'text-base')}>“{text}”</p> : null}
            <div className="flex items-start justify-between gap-2 px-2 py-1 text-sm">
              <p className="min-w-0">
                <span className="font-semibold">{item.team_name}</span>
                {item.challenge_name ? <span className={look === 'wall' ? 'text-slate-300' : 'text-slate-600'}> · {item.challenge_name}</span> : null}
              </p>
              {onHide ? (
                <Button
                  variant="unstyled"
                  className="shrink-0 rounded px-1 text-xs font-semibold text-red-700 underline"
                  onClick={() => onHide(item)}
                  aria-label={t('feedHideLabel', { item: feedAlt(item, words) })}
                >
                  {t('feedHide')}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
