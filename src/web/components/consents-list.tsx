import type { BookingConsents } from '../../shared/api/privacy';
import { useLanguage, useLocale, useT } from '../lib/i18n';

/** Who accepted what on one booking (issue 41): the terms the booker accepted, each player's waiver and photo choice. */
export function ConsentsList({ consents }: { consents: BookingConsents }) {
  const t = useT('booker');
  const { locale } = useLocale();
  // English as it always was (the browser's own form); another language in its locale.
  const english = useLanguage() === 'en';
  const when = (iso: string) => (english ? new Date(iso).toLocaleString() : new Date(iso).toLocaleString(locale));
  return (
    <div className="space-y-3 text-sm" data-testid="consents">
      {consents.terms ? (
        <p data-testid="consents-terms">{t('termsAcceptedOn', { version: String(consents.terms.version), when: when(consents.terms.accepted_at) })}</p>
      ) : consents.terms_pending ? (
        <p className="font-medium text-amber-800" data-testid="consents-terms">
          {t('termsNotAccepted')}
        </p>
      ) : (
        <p className="text-slate-600" data-testid="consents-terms">
          {t('noTermsAsked')}
        </p>
      )}
      {consents.players.length > 0 ? (
        <ul className="space-y-1" aria-label={t('playersWaivers')}>
          {consents.players.map((p, i) => (
            <li key={p.player_id ?? `erased-${i}`}>
              <strong>{p.name}</strong>
              {t(p.photo_consent ? 'waiverPhotosShown' : 'waiverPhotosKept', { version: String(p.version), when: when(p.accepted_at) })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t('noWaivers')}</p>
      )}
    </div>
  );
}
