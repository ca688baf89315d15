/** Reference data: currencies, countries and states, commission tiers, suppliers, settings. */
export const referenceEndpoints = {};
