import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/toast';
import { Button, Field, Input } from '../../components/ui';
import { CHICKEN_MESSAGES, FIND_RADIUS_M, FOUND_CODE_LENGTH } from '../../../shared/game/chicken';
import { claimChicken } from './hunt-api';

type Props = { code: string; token: string; found: boolean; initialCode: string | null; onFound: () => void };

/**
 * "Found the Chicken" for a team (decision 0280): type the code on the Chicken's screen (or open the QR's link: the
 * code comes filled in). The server checks the code and that this phone is near the Chicken.
 */
export function FoundChicken({ code, token, found, initialCode, onFound }: Props) {
  const [value, setValue] = useState(initialCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [points, setPoints] = useState<number | null>(null);
  if (found || points !== null) {
    return (
      <p className="rounded-xl bg-green-50 px-3 py-3 font-semibold text-green-900" data-testid="chicken-found">
        🎉 Your team found the Chicken{points !== null ? `: +${points} points` : ''}!
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(CHICKEN_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    claimChicken(code, token, value)
      .then(({ find }) => {
        setPoints(find.chicken_points);
        onFound();
      })
      .catch((e: unknown) => {
        const message = errorMessage(e, 'Failed to claim the Chicken');
        setError(message);
        notifyError(message);
      })
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} aria-label="Found the Chicken" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
      <h2 className="font-semibold">Found the Chicken?</h2>
      <Field label="Code on the Chicken's screen" error={error} hint={`Stand within ${FIND_RADIUS_M} m of the Chicken.`}>
        <Input
          value={value}
          maxLength={FOUND_CODE_LENGTH + 4}
          autoCapitalize="characters"
          autoComplete="off"
          className="font-mono uppercase tracking-widest"
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Checking…' : 'Claim the Chicken'}
      </Button>
    </form>
  );
}
