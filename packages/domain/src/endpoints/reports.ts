/** The commission dashboard, the Excel reports and the payout PDFs. */
export const reportEndpoints = {};
