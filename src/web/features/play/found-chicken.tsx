import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useAction } from '../../lib/use-action';
import { useMessageText, useT } from '../../lib/i18n';
import { Button, Field, Input } from '../../components/ui';
import { CHICKEN_MESSAGES, FIND_RADIUS_M, FOUND_CODE_LENGTH } from '../../../shared/game/chicken';
import type { PublicGame } from '../../../shared/api/play';
import { foundBody } from '../../../shared/api/hunt';
import { claimChicken } from './hunt-api';
import { BlockedNote, useTeamBlock } from './team-block';
import { currentFix } from './current-fix';

/** The found call's code rule; the position is taken at the moment of the claim. */
const claimForm = foundBody.pick({ code: true });
type ClaimForm = z.input<typeof claimForm>;

type Props = {
  code: string;
  token: string;
  game: PublicGame;
  teamId: number;
  found: boolean;
  initialCode: string | null;
  /** Whether this player's location is on: without it there is no fix to claim with (the live view offers it). */
  locationOn: boolean;
  onFound: () => void;
};

/** Thrown instead of a claim that cannot carry a position: the way on is the live view's 'Turn on location'. */
class LocationOff extends Error {}

/**
 * "Found the Chicken" for a team (decision 0280): type the code on the Chicken's screen (or open the QR's link: the
 * code comes filled in). The claim carries this phone's position of that moment (decision 0280); the server checks
 * the code and that the phone is near the Chicken. A team frozen by an Egg Strike waits, and is told for how long.
 */
export function FoundChicken({ code, token, game, teamId, found, initialCode, locationOn, onFound }: Props) {
  const t = useT('play');
  const say = useMessageText();
  const form = useForm<ClaimForm, unknown, z.output<typeof claimForm>>({ resolver: zodResolver(claimForm), defaultValues: { code: initialCode ?? '' } });
  const [points, setPoints] = useState<number | null>(null);
  // The position is taken as part of the claim, so the button says Checking… while the phone finds it too; a phone
  // that cannot tell is told so in the claim's own words, anything else in the server's.
  const claim = useAction({
    call: async (foundCode: string) => {
      if (!locationOn) throw new LocationOff();
      return claimChicken(code, token, foundCode, await currentFix());
    },
    failure: (_, e) =>
      e instanceof LocationOff ? t('claimLocationOff') : e instanceof Error && e.message === CHICKEN_MESSAGES.noPosition ? say(e.message) : t('claimFailed'),
    failureToast: 'server',
    onSuccess: ({ find }) => {
      setPoints(find.chicken_points);
      onFound();
    },
  });
  const busy = claim.isPending;
  const invalid = form.formState.errors.code?.message;
  const error = invalid ? say(invalid) : claim.error;
  const block = useTeamBlock(code, token, game, teamId, 'claim_chicken');
  if (found || points !== null) {
    return (
      <p className="rounded-xl bg-green-50 px-3 py-3 font-semibold text-green-900" data-testid="chicken-found">
        🎉 {points !== null ? t('teamFoundPoints', { points }) : t('teamFound')}
      </p>
    );
  }
  const submit = ({ code: foundCode }: z.output<typeof claimForm>) => claim.run(foundCode);
  return (
    <form
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      aria-label={t('foundTheChicken')}
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
    >
      <h2 className="font-semibold">{t('foundTheChickenQ')}</h2>
      <Field label={t('claimCodeLabel')} error={error} hint={t('claimStandWithin', { metres: FIND_RADIUS_M })}>
        <Input
          maxLength={FOUND_CODE_LENGTH + 4}
          autoCapitalize="characters"
          autoComplete="off"
          className="font-mono uppercase tracking-widest"
          {...form.register('code')}
        />
      </Field>
      <BlockedNote block={block} />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy || block !== null}>
        {busy ? t('checking') : t('claimTheChicken')}
      </Button>
    </form>
  );
}
