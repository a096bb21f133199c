import { bookingPaths, chickenPath, feedbackPath, hostPath, joinPath, manageResultsPath, playPath, playResultsPath } from './booking-links';
import { proposalPath } from './proposals';
import { staffPaths } from './staff-access';

/**
 * Every page path of the SPA, in one list for the screens' links and the server's (mails, payment returns, calendar
 * entries), so a page's address is never typed by hand twice (tests/lint/page-paths.test.ts refuses one in server code).
 */
export const paths = {
  wizard: '/',
  login: staffPaths.login,
  /** Staff accounts: your account (change password), and a forgotten password's two pages. */
  account: staffPaths.account,
  forgotPassword: staffPaths.forgotPassword,
  resetPassword: staffPaths.resetPassword,
  /** A mailed one-time sign-in link (issue 36): asking for one, and the page it opens. */
  signInLink: staffPaths.signInLink,
  signIn: staffPaths.signIn,
  hatch: bookingPaths.hatch,
  /** The game's public page of a game code (its details and the join button). */
  booking: bookingPaths.booking,
  /** The organiser's private management page. */
  manage: bookingPaths.manage,
  /** Where the payment provider sends the booker back after paying (the page confirms with the session id). */
  paymentReturn: (manageKey: string) => `${bookingPaths.manage(manageKey)}/paid`,
  /** The customer's page of a proposal (quote). */
  proposal: proposalPath,
  /** The player app of a game code, and its Chicken link. */
  play: playPath,
  /** Where players join a game: the one join link of the mails and the screens. */
  join: joinPath,
  chicken: chickenPath,
  /** After the game: results and photo album, for players and for the organiser. */
  playResults: playResultsPath,
  manageResults: manageResultsPath,
  /** The booker's rating of the game, from the feedback request mail. */
  feedback: feedbackPath,
  /** Gift vouchers (issue 32): buying one, and a voucher's printable page by its private token. */
  giftVouchers: '/gift-vouchers',
  /** The privacy notice (issue 41): what is kept, for how long, who sees it; the terms and waiver in force. */
  privacy: '/privacy',
  giftVoucher: (token: string) => `/gift-vouchers/${encodeURIComponent(token)}`,
  /** The host console: the list, and one game. */
  hostHome: staffPaths.hostHome,
  host: hostPath,
  admin: {
    home: '/admin',
    challenges: '/admin/challenges',
    challengeCreate: '/admin/challenges/create',
    challengeEdit: (id: number | string) => `/admin/challenges/${id}/edit`,
    bookings: staffPaths.adminHome,
    bookingCreate: '/admin/bookings/create',
    booking: (id: number | string) => `/admin/bookings/${id}`,
    proposals: '/admin/proposals',
    games: '/admin/games',
    teams: '/admin/teams',
    scoring: '/admin/scoring',
    activity: '/admin/activity',
    mail: '/admin/mail',
    submissions: '/admin/submissions',
    users: '/admin/users',
    /** A person's data: search, export, erase (issue 41). */
    privacy: '/admin/privacy',
    payments: '/admin/payments',
    promoCodes: '/admin/promo-codes',
    prices: '/admin/prices',
    giftVouchers: '/admin/gift-vouchers',
    giftVoucher: (id: number | string) => `/admin/gift-vouchers/${id}`,
    markers: '/admin/markers',
    /** The install's settings, one section each (issue 36): travel margin, reminders, invoices, voucher validity. */
    settings: '/admin/settings',
    /** Settings → Integrations (issue 39): API keys and webhooks. */
    integrations: '/admin/settings/integrations',
  },
} as const;

/** An absolute link to one of the pages above, from the configured public origin (never from a request). */
export function pageUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
