/** Commission rules, their previews, and a booking's commission explanation. */
export const commissionEndpoints = {};
