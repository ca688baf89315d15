/** Single and bulk payouts, reconciles and the payout records. */
export const payoutEndpoints = {};
