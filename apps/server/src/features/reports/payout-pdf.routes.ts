import { reportEndpoints as api } from '@app/domain';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { nextPayoutPdf, payoutPdf, type PdfFile } from './payout-pdf.service';

const TAGS = ['reports'];

/** A PDF as a download: its own file name, never cached (it holds commission amounts). */
const sendPdf = (reply: FastifyReply, file: PdfFile) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** The payout PDFs (bookings-and-commissions §7, DOMAIN.md "Files"). */
export const reportPdfRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.payoutPdf,
    access: 'user',
    summary:
      "A payout's items grouped by agent with subtotals and a grand total per currency (A4 PDF). An agent gets only a payout that paid them, with only their items; 404 otherwise.",
    tags: TAGS,
    produces: 'application/pdf',
    handler: async ({ params, user, reply }) => sendPdf(reply, await payoutPdf(db, user, params.payoutId)),
  }),
  route({
    endpoint: api.nextPayoutPdf,
    access: 'user',
    summary:
      'What Next Payout would pay now for the dashboard filters (A4 PDF, same layout as a payout); a non-admin gets only their own items. Nothing to pay is a PDF that says so.',
    tags: TAGS,
    produces: 'application/pdf',
    handler: async ({ query, user, reply }) => sendPdf(reply, await nextPayoutPdf(db, user, query)),
  }),
];
