import { useId } from 'react';
import type { PrivacyText } from '../../shared/api/privacy';
import { paths } from '../lib/paths';
import { cx } from './ui';
import { useT } from '../lib/i18n';

export type WaiverChoice = { accepted: boolean; photoConsent: boolean | null };

/**
 * The player waiver on the join screen (issue 41): its text, the box to accept it and the photo and video choice, both
 * asked before joining. Declining photos still lets the player play: their photos and videos stay off the shared
 * screens (decision 0570).
 */
export function WaiverBox({ waiver, value, onChange }: { waiver: PrivacyText; value: WaiverChoice; onChange: (next: WaiverChoice) => void }) {
  const id = useId();
  const t = useT('play');
  const option = (consent: boolean, label: string) => (
    <label
      className={cx(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3',
        value.photoConsent === consent ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
      )}
    >
      <input type="radio" name={`${id}-photos`} checked={value.photoConsent === consent} onChange={() => onChange({ ...value, photoConsent: consent })} />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="space-y-3" data-testid="waiver-box">
      <legend className="mb-1 font-semibold text-slate-900">{t('waiverTitle')}</legend>
      <div className="max-h-40 overflow-y-auto whitespace-pre-line rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" tabIndex={0}>
        {waiver.text}
      </div>
      <label className="flex min-h-12 cursor-pointer items-center gap-3">
        <input type="checkbox" checked={value.accepted} onChange={(e) => onChange({ ...value, accepted: e.target.checked })} />
        <span>{t('waiverAccept')}</span>
      </label>
      <div className="space-y-2" role="radiogroup" aria-label={t('photosLegend')}>
        <p className="font-medium text-slate-900">{t('photosLegend')}</p>
        {option(true, t('photosYes'))}
        {option(false, t('photosNo'))}
      </div>
      <p className="text-sm text-slate-600">
        <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          {t('privacyNotice')}
        </a>
      </p>
    </fieldset>
  );
}

/** What the join body carries of the waiver, or which message stops the join before it is sent (a play.json key). */
export function waiverFields(
  waiver: PrivacyText | null,
  value: WaiverChoice,
): { waiver_version?: number; photo_consent?: boolean } | 'waiverRequired' | 'photosRequired' {
  if (!waiver) return {};
  if (!value.accepted) return 'waiverRequired';
  if (value.photoConsent === null) return 'photosRequired';
  return { waiver_version: waiver.version, photo_consent: value.photoConsent };
}
