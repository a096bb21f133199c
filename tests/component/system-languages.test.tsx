import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import { localeOf, type Language } from '../../src/shared/i18n/languages';
import { adminMailEndpoints as mailEp } from '../../src/shared/api/endpoints/admin-mail';
import { adminUsersEndpoints as usersEp } from '../../src/shared/api/endpoints/admin-users';
import { adminIntegrationsEndpoints as integrationsEp } from '../../src/shared/api/endpoints/integrations';
import { adminChallengesEndpoints } from '../../src/shared/api/endpoints/admin-challenges';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { adminGiftVoucherEndpoints as voucherEp } from '../../src/shared/api/endpoints/gift-vouchers';
import { hostTimeEndpoints } from '../../src/shared/api/endpoints/host-time';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { messageScheduleEndpoints as msgEp } from '../../src/shared/api/endpoints/message-schedule';
import { privacyEndpoints } from '../../src/shared/api/endpoints/privacy';
import { scriptEndpoints } from '../../src/shared/api/endpoints/script';
import type { AdminMailSummary } from '../../src/shared/api/admin-mail';
import type { User } from '../../src/shared/api/auth';
import { IntegrationsPage } from '../../src/web/features/admin-integrations/integrations-page';
import { MailPage } from '../../src/web/features/admin-mail/mail-page';
import { PrivacyPage } from '../../src/web/features/admin-privacy/privacy-page';
import { SettingsPage } from '../../src/web/features/admin-settings/settings-page';
import { UsersPage } from '../../src/web/features/admin-users/users-page';
import { ADMIN } from './support/admin-user';
import { answer, calls } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/**
 * Issue 38 on the staff's system screens (Settings, Integrations, Mail, Privacy, Users): each reads its words in the
 * staff member's language, the shared rules' refusals and the server's labels (a mail's status and kind) from the
 * messages catalogue, counts with the language's plurals and dates in its own form. English is the other tests'.
 */
beforeAll(() => Promise.all((['de', 'fr', 'es', 'nl'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));
const writes = () => calls().filter((c) => c.method !== 'GET');

function answerSettings() {
  answer(authEndpoints.me, { user: ADMIN });
  answer(hostTimeEndpoints.settings, { travel_margin_minutes: 60 });
  answer(msgEp.settings, { first_reminder_days: 7, second_reminder_days: 1 });
  answer(invoiceEndpoints.settings, {
    settings: { seller_name: '', seller_address: '', vat_number: '', vat_rate: 20 },
    ready: false,
    waiting: 2,
  });
  answer(voucherEp.settings, { data: { validity_months: 12 } });
  answer(scriptEndpoints.template, {
    steps: [
      {
        anchor: 'start',
        offset_minutes: 30,
        action: 'double_points',
        text: null,
        challenge_id: 4,
        challenge_name: 'Human Pyramid',
        radius_m: null,
        minutes: 15,
      },
    ],
    is_default: true,
  });
  answer(adminChallengesEndpoints.list, { data: [] });
}

const MAIL: AdminMailSummary = {
  id: 2,
  kind: 'booking_confirmation',
  kind_label: 'Booking confirmation',
  to: 'nobody@example.test',
  subject: 'Your hatch game',
  status: 'failed',
  status_label: 'Failed',
  attempts: 8,
  error: '550 No such user',
  booking_id: 12,
  created_at: '2030-03-01T09:00:00.000Z',
  sent_at: null,
  next_attempt_at: null,
};

const HUGO: User = { id: 2, name: 'Hugo Host', email: 'hugo@e2e.test', is_admin: false, is_host: true, created_at: '2030-01-02T10:00:00.000Z' };

describe('the system screens in another language (component)', () => {
  it('gives Settings in German: its sections, the invoices waiting, a shared rule’s refusal and the saved toast', async () => {
    await speak('de');
    answerSettings();
    answer(hostTimeEndpoints.updateSettings, ({ body }) => body);
    const { user } = renderScreen(<SettingsPage />, { path: '/admin/settings' });

    expect(screen.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeTruthy();
    await screen.findByText('Gültig für (Monate)');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Fahrzeitpuffer der Spielleiter', 'Spielerinnerungen', 'Rechnungen', 'Gültigkeit der Gutscheine', 'Vorlage für das Spielskript']);
    expect(screen.getByTestId('invoice-settings-needed').textContent).toBe(
      'Name und Anschrift des Verkäufers werden benötigt, bevor eine Rechnung ausgestellt wird. 2 Rechnungen warten: Beim Speichern werden sie der Reihe nach ausgestellt.',
    );
    // The template's step: the shared action's name from the messages catalogue, its minutes in German words.
    expect(within(screen.getByTestId('template-steps')).getByText('Punkte einer Aufgabe verdoppeln: Human Pyramid für 15 Min.')).toBeTruthy();

    const margin = screen.getByLabelText('Fahrzeitpuffer (Minuten)');
    await user.clear(margin);
    await user.type(margin, '5000');
    await user.click(screen.getByRole('button', { name: 'Puffer speichern' }));
    await findToast('Bitte geben Sie einen Fahrzeitpuffer zwischen 0 und 1440 Minuten an');
    expect(writes()).toEqual([]);

    await user.clear(margin);
    await user.type(margin, '45');
    await user.click(screen.getByRole('button', { name: 'Puffer speichern' }));
    await findToast('Fahrzeitpuffer gespeichert');
  });

  it('gives the mail outbox in French: the server’s status and kind, the plural of the failed, and the retry toast', async () => {
    await speak('fr');
    let mail = MAIL;
    answer(mailEp.list, () => ({
      mails: [mail],
      pagination: { current_page: 1, last_page: 1, per_page: 50, total: 1 },
      failed: mail.status === 'failed' ? 1 : 0,
      sends: false,
    }));
    answer(mailEp.show, () => ({ mail: { ...mail, text: 'Bonjour', masked: false, attachments: [], calendar_invite: null } }));
    answer(mailEp.retry, () => {
      mail = { ...MAIL, status: 'pending', status_label: 'Pending', attempts: 0 };
      return { mail: { ...mail, text: 'Bonjour', masked: false, attachments: [], calendar_invite: null } };
    });
    const { user } = renderScreen(<MailPage />, { path: '/admin/mail?mail=2', route: '/admin/mail' });

    expect(await screen.findByRole('status')).toHaveProperty('textContent', '1 e-mail n’a pas pu être remis. Afficher les e-mails en échec');
    const row = (await screen.findAllByTestId('mail-row'))[0];
    if (!row) throw new Error('no mail row');
    expect(within(row).getByText('Échec')).toBeTruthy();
    expect(within(row).getByText('Confirmation de réservation')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Conservé (pas de serveur de messagerie)' })).toBeTruthy();

    const reader = await screen.findByRole('region', { name: 'E-mail à nobody@example.test' });
    expect(within(reader).getByText(/^Confirmation de réservation à nobody@example\.test/)).toBeTruthy();
    expect(within(reader).getByText(/8 tentatives/)).toBeTruthy();
    expect(within(reader).getByRole('link', { name: 'Réservation n° 12' })).toBeTruthy();
    await user.click(within(reader).getByRole('button', { name: 'Réessayer maintenant' }));
    await findToast('E-mail remis en file d’attente pour un nouvel envoi');
    await waitFor(() => expect(within(reader).getByText('En attente')).toBeTruthy());
  });

  it('gives Users in German: the forms, a shared rule’s message under its field, and removing roles with its toast', async () => {
    await speak('de');
    answer(usersEp.list, { users: [ADMIN, HUGO] });
    answer(authEndpoints.me, { user: ADMIN });
    answer(usersEp.removeRoles, { user: { ...HUGO, is_host: false } });
    const { user } = renderScreen(<UsersPage />, { path: '/admin/users' });

    const newUser = await screen.findByRole('form', { name: 'Neuer Benutzer' });
    await user.click(within(newUser).getByRole('button', { name: 'Benutzer hinzufügen' }));
    expect((await within(newUser).findAllByText('Name und E-Mail sind erforderlich')).length).toBeGreaterThan(0);
    const upgrade = screen.getByRole('form', { name: 'Benutzer hochstufen' });
    await user.type(within(upgrade).getByLabelText('E-Mail'), 'someone@e2e.test');
    await user.click(within(upgrade).getByRole('button', { name: 'Benutzer hochstufen' }));
    await within(upgrade).findByText('Bitte wählen Sie mindestens eine Rolle aus');
    expect(writes()).toEqual([]);

    const hugo = await screen.findByTestId('user-row-2');
    expect(within(hugo).getByText('Spielleiter')).toBeTruthy();
    await user.click(within(hugo).getByRole('button', { name: 'Rollen von Hugo Host entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alle Rollen entfernen' });
    expect(within(dialog).getByText('Möchten Sie diesem Benutzer wirklich alle Rollen entziehen?')).toBeTruthy();
    expect(within(dialog).getByText('Hugo Host (hugo@e2e.test) verliert die Rollen Administrator und Spielleiter und wird abgemeldet.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Rollen entfernen' }));
    await findToast('Rollen des Benutzers entfernt');
  });

  it('gives Integrations in Dutch: the scopes and events by name, a new key’s secret shown once, and its toast', async () => {
    await speak('nl');
    answer(integrationsEp.listKeys, { api_keys: [] });
    answer(integrationsEp.listWebhooks, { webhooks: [] });
    answer(integrationsEp.createKey, ({ body }) => ({
      key: { id: 4, name: body.name, prefix: 'hatch_abcdef012345', scopes: body.scopes },
      secret: 'hatch_abcdef012345_secret',
    }));
    const { user } = renderScreen(<IntegrationsPage />, { path: '/admin/settings/integrations' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Integraties' })).toBeTruthy();
    expect(await screen.findByText('Nog geen API-sleutels.')).toBeTruthy();
    expect(screen.getByText('Nog geen webhooks.')).toBeTruthy();
    const hook = screen.getByRole('form', { name: 'Nieuwe webhook' });
    expect(within(hook).getByLabelText(/Boeking betaald/)).toHaveProperty('checked', true);
    const form = screen.getByRole('form', { name: 'Nieuwe API-sleutel' });
    await user.type(within(form).getByLabelText('Naam'), 'CRM');
    await user.click(within(form).getByLabelText(/Betalingen en facturen lezen/));
    await user.click(within(form).getByRole('button', { name: 'Sleutel aanmaken' }));
    await findToast('API-sleutel aangemaakt');
    expect(screen.getByText('De nieuwe API-sleutel: kopieer hem nu, hij wordt niet opnieuw getoond.')).toBeTruthy();
  });

  it('gives Privacy in Spanish: the retention labels, a text’s date in Spanish and where a person was found', async () => {
    await speak('es');
    answer(privacyEndpoints.terms, {
      terms: { version: 2, text: 'Condiciones', published_at: '2030-03-01T09:00:00.000Z' },
      history: [],
    });
    answer(privacyEndpoints.waiver, { waiver: null, history: [] });
    answer(privacyEndpoints.settings, {
      settings: { positions_days: 30, media_days: 90, lead_months: 24, contact_name: '', contact_email: '' },
    });
    answer(privacyEndpoints.people, {
      people: [{ kind: 'booker', email: 'ana@example.test', name: 'Ana', booking_id: 5, detail: 'Booking 2030-06-15 (paid)' }],
    });
    const { user } = renderScreen(<PrivacyPage />, { path: '/admin/privacy' });

    expect(
      await screen.findByText('No hay exención publicada: los jugadores se unen sin ella. Al publicar una primera versión, cada jugador tendrá que aceptarla.'),
    ).toBeTruthy();
    const published = new Date('2030-03-01T09:00:00.000Z').toLocaleString(localeOf('es'));
    expect((await screen.findByTestId('terms-current')).textContent).toBe(`Versión 2, publicada el ${published}`);
    expect(await screen.findByLabelText('Fotos y vídeos: días después de la partida')).toHaveProperty('value', '90');

    await user.type(screen.getByLabelText('Correo electrónico o nombre de jugador'), 'ana@example.test');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('table', { name: 'Dónde se encontró a la persona' });
    expect(within(found).getByText('cliente')).toBeTruthy();
    expect(within(found).getByRole('link', { name: 'Reserva del 2030-06-15 (Pagada)' })).toBeTruthy();
  });
});
