/**
 * Text made safe inside HTML: as element text and as a quoted attribute value (single or double quotes). The one
 * escape for the mails, the server's page head and the live map's marker HTML.
 */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
