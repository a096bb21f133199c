import { useT } from './i18n';
import { notifyError, notifySuccess } from './toast';

/** What a copy says, in the reader's language: the success (a caller may name what was copied) and the failure. */
type CopyMessages = { copied: string; failed: string };

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies, in the reader's language: 'Copied to clipboard' (or the caller's own success, e.g. 'Email copied to
 * clipboard'), else 'Failed to copy to clipboard' (spec: Clipboard).
 */
export function useCopyToClipboard(): (text: string, copied?: string) => Promise<boolean> {
  const t = useT('common');
  return (text, copied) => copyToClipboard(text, { copied: copied ?? t('copied'), failed: t('copyFailed') });
}

/** Copies with the Clipboard API, falls back to the legacy copy command, and says which happened. */
async function copyToClipboard(text: string, messages: CopyMessages): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(text);
    notifySuccess(messages.copied);
    return true;
  } catch {
    if (legacyCopy(text)) {
      notifySuccess(messages.copied);
      return true;
    }
    notifyError(messages.failed);
    return false;
  }
}
