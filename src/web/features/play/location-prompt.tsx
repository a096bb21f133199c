import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { useAskLocation } from './ask-location';
import { LocationBlockedHelp } from './location-blocked-help';

type Props = {
  location: 'unknown' | 'granted' | 'denied';
  /** The Chicken is in no team: only the host sees it (the organiser too if they choose, decision 0280). */
  chicken?: boolean;
  onAnswer: (answer: 'granted' | 'denied') => void;
};

/**
 * Asks for the location with its reason first, then the browser's own prompt (decision 0230). Saying no, or the
 * browser refusing, still lets the player play: they show as 'no location'.
 */
export function LocationPrompt({ location, chicken = false, onAnswer }: Props) {
  const t = useT('play');
  const { ask, asking, blocked } = useAskLocation(onAnswer);

  if (location === 'granted') {
    return (
      <p className="rounded-xl bg-green-50 p-3 text-green-800" data-testid="location-state">
        {chicken ? t('locationOnChicken') : t('locationOn')}
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="location-prompt">
      <h2 className="font-semibold text-slate-900">{t('locationShareTitle')}</h2>
      <p className="text-slate-700">{chicken ? t('locationWhyChicken') : t('locationWhy')}</p>
      {location === 'denied' ? (
        <p className="text-sm text-slate-600" data-testid="location-state">
          {t('locationOff')}
        </p>
      ) : null}
      {blocked ? <LocationBlockedHelp button={t('locationShare')} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" size="lg" onClick={ask} disabled={asking}>
          {asking ? t('locationAsking') : t('locationShare')}
        </Button>
        {location === 'unknown' ? (
          <Button variant="secondary" size="lg" onClick={() => onAnswer('denied')}>
            {t('locationPlayWithout')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
