import { LanguageSwitcher } from './language-switcher';
import { useT } from '../lib/i18n';

/**
 * The public pages' brand bar: the wordmark back to the start, the strapline and the way to buy a gift voucher
 * (wizard, booker pages, the voucher pages).
 */
export function BrandHeader({ width = 'max-w-5xl' }: { width?: string }) {
  const t = useT('common');
  return (
    <header className="border-b border-brand-100 bg-white" data-testid="brand-header">
      <div className={`mx-auto flex ${width} items-center justify-between gap-3 px-4 py-3`}>
        <a href="/" className="text-xl font-extrabold tracking-tight text-slate-900">
          hatch<span className="text-brand-700">.</span>
        </a>
        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
          <p className="text-sm text-slate-600">{t('strapline')}</p>
          <a href="/gift-vouchers" className="text-sm font-semibold text-brand-700 underline">
            {t('giftVouchers')}
          </a>
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
