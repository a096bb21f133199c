import type { Language } from './languages';
import type { Catalogue } from './format';
import enMessages from './en/messages.json';
import deMessages from './de/messages.json';
import frMessages from './fr/messages.json';
import esMessages from './es/messages.json';
import nlMessages from './nl/messages.json';
import enMail from './en/mail.json';
import deMail from './de/mail.json';
import frMail from './fr/mail.json';
import esMail from './es/mail.json';
import nlMail from './nl/mail.json';

/**
 * The server's catalogues, bundled into the server (decision 0590): `messages` (the API's refusals, keyed by their
 * English, see message-match.ts) and `mail` (the booker's mails, calendar invites and documents, keyed). A new
 * language adds its two files and a line here; `satisfies` makes the compiler ask for them.
 * The web app never imports this file: it loads one language's catalogues at a time (src/web/lib/i18n.tsx).
 */
export const SERVER_CATALOGUES = {
  en: { messages: enMessages, mail: enMail },
  de: { messages: deMessages, mail: deMail },
  fr: { messages: frMessages, mail: frMail },
  es: { messages: esMessages, mail: esMail },
  nl: { messages: nlMessages, mail: nlMail },
} satisfies Record<Language, { messages: Catalogue; mail: Catalogue }>;
