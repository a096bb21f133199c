/**
 * The external terms / privacy page the wizard links to. The server writes its TERMS_URL setting into
 * `<meta name="terms-url">` on every page; the default below only applies where no page carries it.
 */
const DEFAULT_TERMS_URL = 'https://example.com/privacy';

export function termsUrl(): string {
  const content = typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[name="terms-url"]')?.content ?? '');
  return /^https?:\/\//.test(content) ? content : DEFAULT_TERMS_URL;
}
