import { notifyError, notifySuccess } from './toast';

const COPIED = 'Copied to clipboard';
export const EMAIL_COPIED = 'Email copied to clipboard';
const COPY_FAILED = 'Failed to copy to clipboard';

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

/** Copies with the Clipboard API, falls back to the legacy copy command, and says which happened. */
export async function copyToClipboard(text: string, successMessage: string = COPIED): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(text);
    notifySuccess(successMessage);
    return true;
  } catch {
    if (legacyCopy(text)) {
      notifySuccess(successMessage);
      return true;
    }
    notifyError(COPY_FAILED);
    return false;
  }
}
