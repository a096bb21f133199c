import { Button } from '../../components/ui';
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
  const { ask, asking, blocked } = useAskLocation(onAnswer);

  if (location === 'granted') {
    return (
      <p className="rounded-xl bg-green-50 p-3 text-green-800" data-testid="location-state">
        {chicken
          ? 'Location on: only the host sees you on the map while the game is live; the teams never do.'
          : 'Location on: your team and the host see you on the map while the game is live.'}
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="location-prompt">
      <h2 className="font-semibold text-slate-900">Share your location?</h2>
      <p className="text-slate-700">
        {chicken
          ? 'We show you on the game map to the host only (never to the teams), so they can help you and check a find. It is sent only while the game is live, never before or after.'
          : 'We show you on the game map to your own team and to the host, so you can find each other and stay inside the game area. It is sent only while the game is live, never before or after.'}
      </p>
      {location === 'denied' ? (
        <p className="text-sm text-slate-600" data-testid="location-state">
          Location off: you can still play; you show as &lsquo;no location&rsquo;.
        </p>
      ) : null}
      {blocked ? <LocationBlockedHelp button="Share my location" /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" size="lg" onClick={ask} disabled={asking}>
          {asking ? 'Asking…' : 'Share my location'}
        </Button>
        {location === 'unknown' ? (
          <Button variant="secondary" size="lg" onClick={() => onAnswer('denied')}>
            Play without location
          </Button>
        ) : null}
      </div>
    </div>
  );
}
