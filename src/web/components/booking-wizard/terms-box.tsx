import { useEffect, useState } from 'react';
import type { PrivacyText } from '../../../shared/api/privacy';
import { paths } from '../../lib/paths';
import { fetchCurrentPrivacy } from './wizard-api';
import { useWizard } from './wizard-store';
import { useT } from '../../lib/i18n';

/**
 * The summary step's terms box (issue 41): shown only while booking terms are published; ticking it sends the version
 * read here with Book now, which the server requires to be the current one (a newer version published meanwhile is
 * refused with its message, and this box reads the new one on the next visit to the step).
 */
export function TermsBox() {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
  const [terms, setTerms] = useState<PrivacyText | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCurrentPrivacy(controller.signal).then(
      (answer) => setTerms(answer.terms),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  if (!terms)
    return (
      <p className="mt-4 text-sm text-slate-600">
        {t('privacyLine')}{' '}
        <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          {t('privacyNotice')}
        </a>
      </p>
    );
  const accepted = state.termsVersion === terms.version;
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="terms-box">
      <label className="flex min-h-12 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5"
          checked={accepted}
          onChange={(e) => dispatch({ type: 'termsAccepted', version: e.target.checked ? terms.version : null })}
        />
        <span className="text-slate-800">{t('termsAccept')}</span>
      </label>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <a href={`${paths.privacy}#terms`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          {t('termsRead')}
        </a>
        <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          {t('privacyNotice')}
        </a>
      </p>
    </div>
  );
}
