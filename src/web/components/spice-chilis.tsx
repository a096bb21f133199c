import { SPICE_CHILIS, type SpiceLevel } from '../../shared/validation/challenge-rules';
import { useChallengeText } from '../lib/challenge-text';
import { useT } from '../lib/i18n';

/** 1 to 3 chili icons; screen readers hear the level instead of three pictures. */
export function SpiceChilis({ level, small = false }: { level: SpiceLevel; small?: boolean }) {
  const t = useT('content');
  const words = useChallengeText();
  const count = SPICE_CHILIS[level];
  return (
    <span
      role="img"
      aria-label={t('challengeWords.spiceChilis', { level: words.spice(level), count })}
      title={words.spice(level)}
      className="inline-flex gap-0.5"
    >
      {Array.from({ length: 3 }, (_, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 24 24"
          data-chili={i < count ? 'on' : 'off'}
          className={`${small ? 'h-4 w-4' : 'h-5 w-5'} ${i < count ? 'fill-red-600' : 'fill-slate-200'}`}
        >
          <path d="M15.5 3c-.6 0-1 .4-1 1v1.1c-1.7.4-3 1.9-3 3.7 0 3.4-2.2 6.6-6.6 8.3-.6.2-.9.8-.8 1.4.1.6.6 1 1.2 1 7.2 0 12.2-4.7 12.2-10.7 0-1.8-1.3-3.3-3-3.7V4c0-.6-.4-1-1-1Zm1.9 1.3c-.4-.2-.9 0-1.1.4-.2.4 0 .9.4 1.1.9.4 1.8 1.2 2.2 2.2.2.4.7.6 1.1.4.4-.2.6-.7.4-1.1-.6-1.3-1.7-2.4-3-3Z" />
        </svg>
      ))}
    </span>
  );
}
