/** The suppliers feature's public face: the only module the app and other features import. */
export { suppliersQueryOptions, useSuppliers } from './api/get-suppliers';
export { SuppliersRoute } from './routes/suppliers';
