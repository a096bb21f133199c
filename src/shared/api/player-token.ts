/** The header every player call carries (decision 0221); on its own so the players' service worker takes no schemas. */
export const PLAYER_TOKEN_HEADER = 'x-player-token';
