/** The match suggestions feature's public face: the only module other features and the wiring import. */
export { suggestionRoutes } from './suggestions.routes';
