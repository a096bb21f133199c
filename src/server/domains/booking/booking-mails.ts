/**
 * The booking domain's mails, one file each in mails/ (the links from shared/booking-links.ts, from the configured
 * public origin passed in as `baseUrl`; the facts read in mails/mail-facts.ts): what the booking's routes and
 * lifecycle import. The game's results mail is the game domain's (domains/game/results-mail.ts).
 */
export { cancellationMail, queueCancellationMail } from './mails/cancellation-mail';
export { bookingConfirmationMail, manageUrl } from './mails/confirmation-mail';
export { gameLinksMail, queueGameLinksMail } from './mails/game-links-mail';
export { hidingSpotMail, sectionsLockedMail } from './mails/game-setup-mails';
export { queueHostChangeMails, queueHostDateMovedMail } from './mails/host-mails';
export { receiptMail } from './mails/receipt-mail';
export type { BookingMailer } from './mails/mail-facts';
