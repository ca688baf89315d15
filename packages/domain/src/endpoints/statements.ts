import {
  statementDetailResponseSchema,
  statementImportInputSchema,
  statementImportResponseSchema,
  statementMappingResponseSchema,
  statementPreviewInputSchema,
  statementPreviewResponseSchema,
  statementsQuerySchema,
  statementsResponseSchema,
} from '../schemas/statements';
import { endpoint, idParams } from './endpoint';

/** Supplier statements in their own layout (issue 24 §2): admins only. */
export const statementEndpoints = {
  mapping: endpoint({
    method: 'GET',
    path: '/api/accounts/:id/statement-mapping',
    params: idParams,
    response: statementMappingResponseSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/statements/preview',
    body: statementPreviewInputSchema,
    response: statementPreviewResponseSchema,
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/statements/import',
    body: statementImportInputSchema,
    response: statementImportResponseSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/statements',
    query: statementsQuerySchema,
    response: statementsResponseSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/statements/:id',
    params: idParams,
    response: statementDetailResponseSchema,
  }),
};
