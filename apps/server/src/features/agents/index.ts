/** The agents feature's public face: the only module other features and the wiring import. */
export { agentRoutes } from './agents.routes';
