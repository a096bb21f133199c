import type { BrowserContext, Page } from 'playwright-core';

type ToastWindow = { hatchToastsSeen?: string[] };

/**
 * Toasts show for 1.2 s (spec section 9, src/web/lib/toast.ts). A test that clicks and only then asks the browser for
 * the toast can miss it on a loaded two-core machine: the click's answer and the next call's round trip can take longer
 * than the toast stays. So every page of the context writes down each toast as it is added to the page (a
 * MutationObserver from an init script, before the app's own scripts), and `expectToast` takes the first one written
 * down with that text that no earlier call took.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Once per document, however many times a context was asked to record.
    if ('hatchToastsSeen' in window) return;
    const seen: string[] = [];
    const written = new WeakSet<Element>();
    Object.defineProperty(window, 'hatchToastsSeen', { value: seen });
    const record = () => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const text = toast.textContent ?? '';
        if (written.has(toast) || !text) continue;
        written.add(toast);
        seen.push(text);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until the page has shown a toast with this text since the last call that took one (recordToasts). */
export async function expectToast(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const seen = (window as ToastWindow).hatchToastsSeen ?? [];
      const at = seen.findIndex((shown) => shown.includes(wanted));
      if (at === -1) return false;
      seen.splice(at, 1);
      return true;
    },
    text,
    { timeout },
  );
}
