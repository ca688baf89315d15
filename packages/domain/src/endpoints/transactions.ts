/** Supplier transactions, bulk entry and the file import. */
export const transactionEndpoints = {};
