import { useState } from 'react';
import { Button, FieldError } from '../../components/ui';
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
  const [error, setError] = useState<string | null>(null);
  const { ask, asking, blocked } = useAskLocation((answer) => {
    setError(null);
    onAnswer(answer).catch(() => setError('Could not save your location choice. Please try again.'));
  });
  return (
    <div className="space-y-2 rounded-lg bg-slate-100 px-3 py-3 text-sm text-slate-800" data-testid="live-location">
      <p>
        {chicken
          ? 'Location is off: the host cannot see you, and you can hide only where your phone is.'
          : 'Location is off: your team cannot see you on the map, and claiming the Chicken needs your position.'}
      </p>
      {blocked ? <LocationBlockedHelp button="Turn on location" /> : null}
      <FieldError message={error} />
      <Button variant="primary" size="lg" className="w-full" onClick={ask} disabled={asking}>
        {asking ? 'Asking…' : 'Turn on location'}
      </Button>
    </div>
  );
}
