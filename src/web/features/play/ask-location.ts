import { useEffect, useState } from 'react';

export type LocationAnswer = 'granted' | 'denied';

/**
 * Asks the browser for the location (its own prompt, or its stored answer). `blocked` is true once the browser refused
 * (PERMISSION_DENIED): asking again then changes nothing until the player allows it in the browser's site settings,
 * so the screen says how (LocationBlockedHelp). No signal indoors is not a refusal: the game tries again when live.
 */
export function useAskLocation(onAnswer: (answer: LocationAnswer) => void) {
  const [asking, setAsking] = useState(false);
  const [blocked, setBlocked] = useState(false);
  // A browser that already refused says so before the first tap (where it can tell: the Permissions API).
  useEffect(() => {
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (live && status.state === 'denied') setBlocked(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const ask = () => {
    if (!('geolocation' in navigator)) {
      setBlocked(true);
      onAnswer('denied');
      return;
    }
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      () => {
        setAsking(false);
        setBlocked(false);
        onAnswer('granted');
      },
      (error) => {
        setAsking(false);
        const refused = error.code === error.PERMISSION_DENIED;
        setBlocked(refused);
        onAnswer(refused ? 'denied' : 'granted');
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return { ask, asking, blocked };
}
