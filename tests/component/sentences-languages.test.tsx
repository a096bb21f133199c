import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import type { Language } from '../../src/shared/i18n/languages';
import type { ActivityEntry } from '../../src/shared/api/activity';
import type { TimelineEntry } from '../../src/shared/api/booking-timeline';
import type { RecapResponse } from '../../src/shared/api/showcase';
import { adminBookingTimelineEndpoints as timelineEp } from '../../src/shared/api/endpoints/admin-booking-timeline';
import { adminActivityEndpoint } from '../../src/shared/api/endpoints/admin-activity';
import { recapEndpoints } from '../../src/shared/api/endpoints/showcase';
import { TimelineSection } from '../../src/web/features/admin-booking-detail/timeline-section';
import { ActivityPage } from '../../src/web/features/admin-activity/activity-page';
import { RecapPage } from '../../src/web/features/recap/recap-page';
import { adminBooking } from './support/admin-booking';
import { answer } from './support/network';
import { renderScreen, screen, within } from './support/render';

/**
 * Issue 38's last English on the staff pages and the recap: the sentences the server writes with values inside (the
 * timeline's and the activity log's summaries, src/shared/timeline/describe.ts; the recap's questions about the
 * Chicken) are read in the reader's language through the messages catalogue, their values kept, and fixed words among
 * them (a mail's kind, a lead status, the locked sections, an answer) translated too. English is the other tests'.
 */
beforeAll(() => Promise.all((['de', 'es', 'fr'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));

const entry = (id: string, summary: string, source: TimelineEntry['source'] = 'staff'): TimelineEntry => ({
  id,
  at: '2030-01-02T10:00:00.000Z',
  source,
  who: source === 'booker' ? 'Booker' : 'Administrator',
  summary,
  changes: [],
  mail_id: null,
});

describe('the timeline’s sentences in Spanish (component)', () => {
  it('reads staff, booker and mail sentences in Spanish with their values', async () => {
    await speak('es');
    answer(timelineEp.timeline, {
      entries: [
        entry('s1', 'Assigned Hana Host as host'),
        entry('s2', 'Changed the lead status to Lost'),
        entry('s3', 'Locked Teams and Game area; unlocked Chicken'),
        entry('s4', 'Recorded a bank transfer payment of £120.50'),
        entry('s5', 'Sent proposal #1234'),
        entry('s6', "Resent the mail 'Booking confirmation' to paula@example.test"),
        entry('b1', 'Set up 3 teams', 'booker'),
        entry('b2', 'Proposed a meeting point and withdrew the proposed hiding spot', 'booker'),
        entry('b3', 'Changed date and time, players', 'booker'),
        entry('m1', 'Mail: Balance overdue notice to staff to office@example.test', 'system'),
        // A sentence the catalogue does not know stays as the server wrote it; its fields' names and words are translated.
        {
          ...entry('x1', 'Payment: refund'),
          changes: [
            { label: 'Booking status', before: 'Paid', after: 'Lead' },
            { label: 'Reason', before: null, after: 'Changed my mind' },
            { label: 'Meeting point', before: '1 Old St', after: '2 New St' },
          ],
        },
      ],
      mails: [],
      truncated: false,
      scheduled_messages: [],
      balance_overdue: false,
    });
    renderScreen(<TimelineSection booking={adminBooking()} />, { path: '/admin/bookings/41' });
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries.map((e) => e.querySelector('p')?.textContent)).toEqual([
      'Anfitrión asignado: Hana Host',
      'Estado de la oportunidad cambiado: Perdida',
      'Bloqueado: Equipos y Zona de juego; desbloqueado: Chicken',
      'Pago de £120.50 registrado (Transferencia bancaria)',
      'Propuesta n.º 1234 enviada',
      'Correo «Confirmación de reserva» reenviado a paula@example.test',
      '3 equipos creados',
      'Punto de encuentro propuesto y escondite propuesto retirado',
      'Cambiado: Fecha y hora, Jugadores',
      'Correo: Aviso al equipo: saldo vencido a office@example.test',
      'Payment: refund',
    ]);
    const changes = entries.at(-1)?.querySelector('dl');
    expect([...(changes?.querySelectorAll('dt') ?? [])].map((dt) => dt.textContent)).toEqual(['Estado de la reserva:', 'Motivo:', 'Punto de encuentro:']);
    expect([...(changes?.querySelectorAll('del, ins, dd > span:not([aria-hidden]):not(.sr-only)') ?? [])].map((v) => v.textContent)).toEqual([
      'Pagada',
      'Oportunidad',
      'Changed my mind',
      '1 Old St',
      '2 New St',
    ]);
  });
});

describe('the activity log’s sentences in German (component)', () => {
  it('reads what staff did in German, a mail’s kind and a proposal’s number inside', async () => {
    await speak('de');
    const logged = (id: number, summary: string): ActivityEntry => ({
      id,
      actor: { id: 1, name: 'Administrator', email: 'admin@example.test' },
      action: 'booking.updated',
      entity_type: 'booking',
      entity_id: '12',
      booking_id: 12,
      subject_user_id: null,
      before: null,
      after: null,
      created_at: '2030-01-02T10:00:00.000Z',
      summary,
      changes: [],
    });
    answer(adminActivityEndpoint, {
      entries: [
        { ...logged(1, 'Turned weapons on'), changes: [{ label: 'Weapons', before: 'Off', after: 'On' }] },
        logged(2, "Skipped the scheduled message 'Feedback request'"),
        logged(3, 'Drafted proposal #7'),
        logged(4, "Changed the booker's language to Français"),
        logged(5, "Created the challenge 'Selfie mit Bär'"),
      ],
      pagination: { current_page: 1, last_page: 1, per_page: 20, total: 5 },
    });
    renderScreen(<ActivityPage />, { path: '/admin/activity' });
    const table = await screen.findByRole('table');
    const what = within(table)
      .getAllByTestId('activity-entry')
      .map((row) => row.querySelectorAll('td')[2]?.textContent);
    expect(what).toEqual([
      'Waffen eingeschaltet' + 'Waffen:Aus →  geändert in Ein',
      'Geplante Nachricht „Bitte um Feedback“ übersprungen',
      'Angebot #7 entworfen',
      'Sprache des Buchenden geändert: Français',
      'Aufgabe „Selfie mit Bär“ angelegt',
    ]);
  });
});

const recap: RecapResponse = {
  game: {
    code: 'HUNT42',
    city: 'Berlin',
    area: { lat: 52.52, lng: 13.405, radius: 800 },
    started_at: '2030-06-15T12:00:00.000Z',
    ended_at: '2030-06-15T14:00:00.000Z',
    media_kept_until: null,
  },
  teams: [{ id: 1, name: 'Füchse', challenge_points: 40, chicken_points: 0, adjustments: 0, spent: 0, found_chicken_at: null, rank: 1, total: 40 }],
  album: [],
  tracks: [],
  questions: [
    {
      team_id: 1,
      team_name: 'Füchse',
      kind: 'radius',
      answer: 'yes',
      summary: 'Is the Chicken within 500 m of us? Yes',
      lat: 52.52,
      lng: 13.4,
      at: '2030-06-15T12:30:00.000Z',
    },
    {
      team_id: 1,
      team_name: 'Füchse',
      kind: 'thermometer',
      answer: 'colder',
      summary: 'Are we warmer or colder than where we last asked? Colder',
      lat: 52.52,
      lng: 13.4,
      at: '2030-06-15T12:40:00.000Z',
    },
    {
      team_id: 1,
      team_name: 'Füchse',
      kind: 'landmark',
      answer: 'farther',
      summary: 'Is the Chicken nearer to Checkpoint Charlie than we are? Farther',
      lat: 52.52,
      lng: 13.4,
      at: '2030-06-15T12:50:00.000Z',
    },
  ],
};

describe('the recap’s questions about the Chicken in German and French (component)', () => {
  it('reads who asked what and what it answered in the reader’s language, the place’s name as it is', async () => {
    await speak('de');
    answer(recapEndpoints.recap, recap);
    const { user } = renderScreen(<RecapPage />, { path: '/recap/recap-token', route: '/recap/:token' });
    const list = await screen.findByTestId('replay-questions');
    const asked = () => within(list).getAllByRole('button');
    // Each line starts with the moment it was asked (the reader's clock), then who asked what.
    const what = () => asked().map((b) => (b.textContent ?? '').slice((b.textContent ?? '').indexOf('Füchse')));
    expect(what()).toEqual([
      'Füchse: Ist das Chicken höchstens 500 m von uns entfernt? Ja',
      'Füchse: Sind wir wärmer oder kälter als dort, wo wir zuletzt gefragt haben? Kälter',
      'Füchse: Ist das Chicken näher an Checkpoint Charlie als wir? Weiter weg',
    ]);
    expect(asked()[0]?.getAttribute('aria-label')).toMatch(/ Füchse: Ist das Chicken höchstens 500 m von uns entfernt\? Ja$/);

    await user.selectOptions(screen.getByLabelText('Sprache'), 'fr');
    await screen.findByRole('heading', { name: 'La chasse au Chicken à Berlin' });
    expect(what()).toEqual([
      'Füchse: Le Chicken est-il à moins de 500 m de nous ? Oui',
      'Füchse: Sommes-nous plus chauds ou plus froids que là où nous avons demandé la dernière fois ? Plus froid',
      'Füchse: Le Chicken est-il plus près de Checkpoint Charlie que nous ? Plus loin',
    ]);
  });
});
