export const PRODUCT_NAME = 'Commission Back Office';

/** "Suppliers · Commission Back Office" */
export const documentTitle = (page?: string) => (page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME);
