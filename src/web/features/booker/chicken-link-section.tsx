import type { BookerBooking } from '../../../shared/api/booking';
import { copyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { Button, Section } from '../../components/ui';

/**
 * The Chicken joins with a link of its own (a secret key, decision 0280). It sits in a section of its own, far from
 * the players' link and warned about, so it is not pasted into the players' group chat by mistake (decision 0280).
 */
export function ChickenLinkSection({ booking }: { booking: BookerBooking }) {
  if (!booking.game) return null;
  const path = paths.chicken(booking.code, booking.game.chicken_key);
  const link = `${window.location.origin}${path}`;
  return (
    <Section look="page" id="chicken-link" title="The Chicken's link" description="Only for the person playing the Chicken.">
      <div className="space-y-3">
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="chicken-link-warning">
          <strong>Do not share this with the players.</strong> Whoever opens it joins as the Chicken and sees the found-code. Send it only to the person playing
          the Chicken{booking.assigned_chicken_email ? ` (${booking.assigned_chicken_email})` : ''}. When our team confirms the hiding spot, we email the
          Chicken this link with it.
        </p>
        <a href={path} className="block break-all font-medium text-brand-700 underline" data-testid="chicken-link">
          {link}
        </a>
        <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(link, "Chicken's link copied: send it only to the Chicken")}>
          Copy the Chicken&apos;s link
        </Button>
      </div>
    </Section>
  );
}
