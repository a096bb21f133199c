import { useCallback, useRef, useState } from 'react';
import { submissionEventData } from '../../../shared/api/play-challenges';
import type { SseEvent } from '../../lib/event-stream';

const SOUND_KEY = 'hatch.host.sound';

/** A short two-tone chime from the Web Audio API: no sound file to load, nothing played unless the host turned it on. */
function chime(): void {
  try {
    const context = new AudioContext();
    [660, 880].forEach((frequency, i) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, context.currentTime + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + i * 0.15 + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + i * 0.15);
      oscillator.stop(context.currentTime + i * 0.15 + 0.3);
    });
    setTimeout(() => void context.close(), 1_000);
  } catch {
    // A browser without audio (or one that refuses it before a tap) just stays quiet: the badge still shows.
  }
}

function storedSound(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * New answers for the host's review queue (issue 29): how many arrived since the host last marked them seen (the
 * badge), and an optional chime, off by default and remembered on this device. Fed by the console's stream: a
 * `submission` event of a pending answer not counted before.
 */
export function useNewAnswers() {
  const [count, setCount] = useState(0);
  const [sound, setSoundState] = useState(storedSound);
  const seen = useRef(new Set<number>());
  const soundRef = useRef(sound);
  soundRef.current = sound;

  const note = useCallback((event: SseEvent) => {
    if (event.event !== 'submission') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      return;
    }
    const data = submissionEventData.safeParse(parsed);
    if (!data.success || data.data.submission.status !== 'pending' || seen.current.has(data.data.submission.id)) return;
    seen.current.add(data.data.submission.id);
    setCount((n) => n + 1);
    if (soundRef.current) chime();
  }, []);
  const clear = useCallback(() => setCount(0), []);
  const setSound = useCallback((on: boolean) => {
    setSoundState(on);
    try {
      window.localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return { count, clear, sound, setSound, note };
}
