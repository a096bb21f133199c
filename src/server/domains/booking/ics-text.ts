import { TZDate } from '@date-fns/tz';

/**
 * The few pieces of iCalendar text (RFC 5545) the booking's calendar files need, written directly (issue 37): the
 * generator library folded every line by encoding it one character at a time, 1.5 ms for one invite, a third of a
 * booking's whole cost on the server. Output as that library wrote it, so calendars and tests see the same text.
 */

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n. In a quoted parameter: backslash and quote. */
export function icsText(value: string | number, quoted = false): string {
  return String(value)
    .replace(quoted ? /[\\"]/g : /[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');
}

const ASCII = /^[\x20-\x7e]*$/;

/** UTF-8 octets of one code point given as its UTF-16 unit(s). */
const octets = (c: number) => (c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3);

/** One content line folded after 74 octets (continuation lines start with a space), never inside a character. */
function foldLine(line: string): string {
  if (line.length <= 74 && ASCII.test(line)) return line;
  let out = '';
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    const size = octets(code);
    const char = size === 4 ? line.slice(i, ++i + 1) : line[i];
    count += size;
    if (count > 74) {
      out += '\r\n ';
      count = size;
    }
    out += char;
  }
  return out;
}

/** Content lines joined with CRLF, each folded; a block already in iCalendar form (a VTIMEZONE) is taken as it is. */
export function icsLines(lines: readonly string[]): string {
  return lines.map(foldLine).join('\r\n');
}

const two = (n: number) => String(n).padStart(2, '0');

/** A UTC DATE-TIME: 20261215T183000Z. */
export function icsUtc(d: Date): string {
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`;
}

/** A local DATE-TIME in `zone` (written after ;TZID=zone:): 20261215T183000. */
export function icsLocal(d: Date, zone: string): string {
  const t = new TZDate(d.getTime(), zone);
  return `${t.getFullYear()}${two(t.getMonth() + 1)}${two(t.getDate())}T${two(t.getHours())}${two(t.getMinutes())}${two(t.getSeconds())}`;
}
