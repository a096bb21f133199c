import { useState } from 'react';
import { Button, FieldError } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { useAskLocation, type LocationAnswer } from './ask-location';
import { LocationBlockedHelp } from './location-blocked-help';

type Props = {
  chicken: boolean;
  /** Records the answer for the game (the position sender starts once it is 'granted'). */
  onAnswer: (answer: LocationAnswer) => Promise<unknown>;
};

/**
 * Location is off during the live game (issue 28): a late joiner never saw the lobby's question, and a "no" there is
 * not for ever. Says what is missing and turns it on; a browser refusal is explained (LocationBlockedHelp).
 */
export function LiveLocationPrompt({ chicken, onAnswer }: Props) {
  const t = useT('play');
  const [error, setError] = useState<string | null>(null);
  const { ask, asking, blocked } = useAskLocation((answer) => {
    setError(null);
    onAnswer(answer).catch(() => setError(t('locationSaveFailed')));
  });
  return (
    <div className="space-y-2 rounded-lg bg-slate-100 px-3 py-3 text-sm text-slate-800" data-testid="live-location">
      <p>{chicken ? t('locationIsOffChicken') : t('locationIsOff')}</p>
      {blocked ? <LocationBlockedHelp button={t('locationTurnOn')} /> : null}
      <FieldError message={error} />
      <Button variant="primary" size="lg" className="w-full" onClick={ask} disabled={asking}>
        {asking ? t('locationAsking') : t('locationTurnOn')}
      </Button>
    </div>
  );
}
