export { recordActivity, scrubActivity, type ActivityEntry } from './activity';
export { guardAdminScope, requireAdmin } from './admin-guard';
export { bootstrapAdmin, type BootstrapResult } from './bootstrap-admin';
export { csrfTokenFor, ensureSessionToken, mayCarrySignedInSession, registerSession, type SessionUser } from './session-plugin';
export { pruneExpiredSessions } from './sessions';
export { mayRunGame, requireStaffUser } from './staff-guard';
export { lockHost, travelMarginMinutes, unavailabilityMeeting } from './host-time';
export { calendarFeedOwner } from './calendar-feed';
