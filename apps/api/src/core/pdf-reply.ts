import type { FastifyReply } from 'fastify';

/**
 * A PDF the caller downloads (a shipping or return label, an invoice): an attachment named `filename`,
 * personal, so never kept by a cache on the way.
 */
export function sendPdf(reply: FastifyReply, pdf: Uint8Array, filename: string): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf));
}
