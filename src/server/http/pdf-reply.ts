import type { FastifyReply } from 'fastify';

/** Sends a generated PDF as a download: never cached, never sniffed (the contract, the disclosure statement, a receipt). */
export function sendPdf(reply: FastifyReply, pdf: { readonly bytes: Uint8Array; readonly filename: string }): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.bytes));
}
