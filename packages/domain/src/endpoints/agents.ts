/** Agents, their sub-agents, tier history and the CSV import. */
export const agentEndpoints = {};
