import type { Language } from '../../shared/i18n/languages';
import { sessionQuery, updateAccount } from '../lib/session-api';
import { useAction } from '../lib/use-action';
import { useT } from '../lib/i18n';
import { LanguageSwitcher } from './language-switcher';

/**
 * The staff screens' language switcher (issue 38, decision 0620): the page switches at once, as everywhere, and the
 * choice is kept on the staff member's account, so their next sign-in, on any browser, opens in it.
 */
export function StaffLanguageSwitcher({ className }: { className?: string }) {
  const t = useT('staff');
  const save = useAction({
    call: (language: Language) => updateAccount({ language }),
    failure: t('languageNotKept'),
    replaces: sessionQuery.queryKey,
  });
  return <LanguageSwitcher className={className} onChange={(language) => void save.run(language)} />;
}
