// The game domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminMarkersRoutes } from './admin-markers/admin-markers-routes';
export { adminOverviewRoutes } from './admin-overview/admin-overview-routes';
export { adminScoringRoutes } from './admin-scoring/admin-scoring-routes';
export { adminSubmissionsRoutes } from './admin-submissions/admin-submissions-routes';
export { hostRoutes } from './host/host-routes';
export { huntRoutes } from './hunt/hunt-routes';
export { hostReviewRoutes } from './play-challenges/host-review-routes';
export { playChallengesRoutes } from './play-challenges/play-challenges-routes';
export { playRoutes } from './play/play-routes';
export { showcaseRoutes } from './showcase/showcase-routes';
export { placesRoutes } from './play-challenges/places-routes';
export { adminBriefingRoutes, briefingRoutes } from './briefing/briefing-routes';
export { chatRoutes } from './chat/chat-routes';
export { hintsRoutes } from './hints/hints-routes';
export { adminScriptRoutes, scriptRoutes } from './script/script-routes';
export { questionRoutes } from './questions/question-routes';
