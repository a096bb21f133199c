export { shrinkDueAreas } from './game-area';
export { createGameHub, type GameHub, type Viewer } from './game-events';
export { endDueGames, resumeGame, startGame } from './game-lifecycle';
export { consoleSnapshot, loadGameById } from './game-state';
export { streamGame } from './game-stream';
export { instanceLeaderboards } from './leaderboard';
export { loadHeartbeatRows } from './game-heartbeat';
export { queueDueResultsMails } from './results-mails';
export { gamePersonalData, gameRetention } from './personal-data';
