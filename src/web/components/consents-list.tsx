import type { BookingConsents } from '../../shared/api/privacy';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Who accepted what on one booking (issue 41): the terms the booker accepted, each player's waiver and photo choice. */
export function ConsentsList({ consents }: { consents: BookingConsents }) {
  return (
    <div className="space-y-3 text-sm" data-testid="consents">
      {consents.terms ? (
        <p data-testid="consents-terms">
          Booking terms version {consents.terms.version} accepted {when(consents.terms.accepted_at)}.
        </p>
      ) : consents.terms_pending ? (
        <p className="font-medium text-amber-800" data-testid="consents-terms">
          Terms not accepted yet.
        </p>
      ) : (
        <p className="text-slate-600" data-testid="consents-terms">
          No terms were asked for this booking.
        </p>
      )}
      {consents.players.length > 0 ? (
        <ul className="space-y-1" aria-label="Players' waivers">
          {consents.players.map((p, i) => (
            <li key={p.player_id ?? `erased-${i}`}>
              <strong>{p.name}</strong>: waiver version {p.version}, {when(p.accepted_at)}; photos and videos{' '}
              {p.photo_consent ? 'may be shown' : 'kept off the shared screens'}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No player has accepted a waiver.</p>
      )}
    </div>
  );
}
