// The proposals domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminProposalsRoutes } from './admin-proposals/admin-proposals-routes';
export { proposalRoutes } from './proposal/proposal-routes';
