import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE, uploadTypeMessage } from '@app/domain';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../db/client';
import { storedFiles } from '../db/schema';
import { fieldError } from '../http/errors';
import type { UploadedFile } from '../http/route';

/** What the bytes are, whatever the name or the browser says: JPEG, PNG or PDF. */
export function sniffImageOrPdf(data: Buffer): 'image/jpeg' | 'image/png' | 'application/pdf' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** Stores an uploaded receipt or reference image (JPEG, PNG or PDF, ≤ 5 MB) and returns its id. */
export async function storeUpload(tx: DbOrTx, field: string, file: UploadedFile, userId: number): Promise<number> {
  if (file.size > UPLOAD_MAX_BYTES) throw fieldError(field, UPLOAD_TOO_LARGE);
  const type = sniffImageOrPdf(file.data);
  if (!type) throw fieldError(field, uploadTypeMessage(field));
  const [row] = await tx
    .insert(storedFiles)
    .values({
      filename: file.filename.slice(0, 255) || 'upload',
      mimetype: type,
      size: file.size,
      data: file.data,
      uploaded_by_user_id: userId,
    })
    .returning({ id: storedFiles.id });
  return row!.id;
}

export function isUploadedFile(v: unknown): v is UploadedFile {
  return (
    typeof v === 'object' &&
    v !== null &&
    Buffer.isBuffer((v as UploadedFile).data) &&
    typeof (v as UploadedFile).filename === 'string'
  );
}

/** The optional `reference_image` of a form: null when absent, a 422 when it is not a file. */
export function referenceImageOf(body: { reference_image?: unknown }): UploadedFile | null {
  const f = body.reference_image;
  if (f === undefined || f === null || f === '') return null;
  if (!isUploadedFile(f)) throw fieldError('reference_image', 'The reference image must be a file.');
  return f;
}

/** Sends a stored file inline, under a safe name, never sniffed into another type by the browser. */
export function sendStoredFile(reply: FastifyReply, file: { filename: string; mimetype: string; data: Buffer }) {
  return reply
    .type(file.mimetype)
    .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}
