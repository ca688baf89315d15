/** The agents feature's public face: the only module the app and other features import. */
export { AgentFormRoute } from './routes/agent-form-route';
export { AgentImportRoute } from './routes/agent-import';
export { AgentsListRoute } from './routes/agents-list';
export { SubAgentsRoute } from './routes/sub-agents';
export { TierHistoryRoute } from './routes/tier-history';
