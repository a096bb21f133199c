/**
 * The booker's pages, in one place for the SPA's links and the mails' links (decision 0140):
 * - /hatch/{temp_code}: the booking before payment (private to the booker);
 * - /booking/{game_code}: the game's public page (its details, and a button to the join link);
 * - /manage/{manage_key}: the organiser's private management page.
 * Players join at one link, joinPath (issue 28): the player app, from the mails and the organiser page alike.
 */
export const bookingPaths = {
  hatch: (tempCode: string) => `/hatch/${encodeURIComponent(tempCode)}`,
  booking: (gameCode: string) => `/booking/${encodeURIComponent(gameCode)}`,
  manage: (manageKey: string) => `/manage/${encodeURIComponent(manageKey)}`,
} as const;

export type BookingLinks = {
  /** The players' join link, once the booking has a game. */
  join: string | null;
  /** The organiser's private management link. */
  manage: string;
  /** The booking before payment (the temp code's page). */
  hatch: string;
};

/** Absolute links of a booking, from the configured public origin (never from a request). */
export function bookingLinks(baseUrl: string, codes: { tempCode: string; gameCode: string | null; manageKey: string }): BookingLinks {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    join: codes.gameCode ? joinLink(base, codes.gameCode) : null,
    manage: `${base}${bookingPaths.manage(codes.manageKey)}`,
    hatch: `${base}${bookingPaths.hatch(codes.tempCode)}`,
  };
}

/** The live game's pages (issue 13): the player app and the host console. */
export const playPath = (gameCode: string) => `/play/${encodeURIComponent(gameCode)}`;
/** Where players join a game: the player app opens on its join step. The one join link of the mails and the screens. */
export const joinPath = playPath;
/** The absolute join link, from the configured public origin (mails) or the page's own (the organiser page). */
export const joinLink = (baseUrl: string, gameCode: string) => `${baseUrl.replace(/\/+$/, '')}${joinPath(gameCode)}`;
export const chickenPath = (gameCode: string, chickenKey: string) => `${playPath(gameCode)}?chicken=${encodeURIComponent(chickenKey)}`;
/** The Chicken's own absolute join link (decision 0280): only the Chicken's mail and the organiser's page carry it. */
export const chickenLink = (baseUrl: string, gameCode: string, chickenKey: string) => `${baseUrl.replace(/\/+$/, '')}${chickenPath(gameCode, chickenKey)}`;
export const hostPath = (gameCode: string) => `/host/${encodeURIComponent(gameCode)}`;
/** After the game: the players' results and album, and the organiser's (issue 14). */
export const playResultsPath = (gameCode: string) => `${playPath(gameCode)}/results`;
export const manageResultsPath = (manageKey: string) => `/manage/${encodeURIComponent(manageKey)}/results`;
/** The booker's feedback page after the game (issue 31): a 1–5 rating and a comment, behind the private management key. */
export const feedbackPath = (manageKey: string) => `/manage/${encodeURIComponent(manageKey)}/feedback`;
/** The absolute feedback link of the feedback request mail, from the configured public origin (never from a request). */
export const feedbackUrlOf = (baseUrl: string, manageKey: string) => `${baseUrl.replace(/\/+$/, '')}${feedbackPath(manageKey)}`;
/** The big screen of a game, for a projector (issue 29): private, by its secret token, read-only. */
export const screenPath = (token: string) => `/screen/${encodeURIComponent(token)}`;
/** The recap the organiser may publish after the game (issue 29): public while published, by its secret token. */
export const recapPath = (token: string) => `/recap/${encodeURIComponent(token)}`;
