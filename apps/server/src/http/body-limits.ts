import { isUploadedFile } from '../shared/stored-files';
import { AppError } from './errors';
import type { RouteDef, UploadedFile } from './route';

/**
 * How much of a request body a route reads (README "Limits"). Every route has one limit in bytes,
 * whatever the encoding: JSON and form bodies through Fastify's `bodyLimit`, multipart bodies by the
 * declared length (refused before reading) and by counting as they are read. A route that takes files
 * declares them (`multipartLimits`): its limit is the files plus room for its fields.
 */
export interface BodyRules {
  bodyLimit: number;
  multipart: { fileSize: number; files: number; fields: number; parts: number };
  /** The spec's message when a file (or the body) is over the limit. */
  fileTooLargeMessage?: string;
}

/** Sign-in and sign-out: a few fields. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** Any other route without files (the largest JSON forms: bulk transactions, commission rules). */
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;
/** What one field of a bulk multipart form may take with its part headers (`transactions[4999][amount]`). */
const BYTES_PER_FIELD = 512;
const FIELDS = 20_000;
const FILES_WITHOUT_UPLOAD = 5;

export function bodyRulesOf(def: RouteDef): BodyRules {
  const upload = def.multipartLimits;
  const message = def.fileTooLargeMessage ? { fileTooLargeMessage: def.fileTooLargeMessage } : {};
  if (!upload)
    return {
      ...rulesWithoutFiles(def.bodyLimit ?? (def.access === 'public' ? PUBLIC_BODY_LIMIT : DEFAULT_BODY_LIMIT)),
      ...message,
    };
  const files = upload.files ?? 1;
  const fields = upload.fields ?? FIELDS;
  const fieldRoom = upload.fields ? upload.fields * BYTES_PER_FIELD : DEFAULT_BODY_LIMIT;
  return {
    bodyLimit: def.bodyLimit ?? upload.fileSize * files + fieldRoom,
    multipart: { fileSize: upload.fileSize, files, fields, parts: upload.parts ?? fields + 10 },
    ...message,
  };
}

/** A body of at most `bodyLimit` bytes, whose files (none expected) fit in it. */
export const rulesWithoutFiles = (bodyLimit: number): BodyRules => ({
  bodyLimit,
  multipart: { fileSize: bodyLimit, files: FILES_WITHOUT_UPLOAD, fields: FIELDS, parts: FIELDS + 10 },
});

/**
 * The rules a POST twin reads its body with (CONTRACT.md §2 `_method`): the body is read before its
 * `_method` field names the route, so within the widest of the routes' limits, and with the message
 * of the route that takes the largest files; {@link holdToOwnLimits} then applies the chosen route's own.
 */
export function widestBodyRules(defs: readonly RouteDef[]): BodyRules {
  const all = defs.map(bodyRulesOf);
  const max = (pick: (r: BodyRules) => number) => Math.max(...all.map(pick));
  const largestFiles = all.reduce((a, b) => (b.multipart.fileSize > a.multipart.fileSize ? b : a));
  return {
    bodyLimit: max((r) => r.bodyLimit),
    multipart: {
      fileSize: max((r) => r.multipart.fileSize),
      files: max((r) => r.multipart.files),
      fields: max((r) => r.multipart.fields),
      parts: max((r) => r.multipart.parts),
    },
    ...(largestFiles.fileTooLargeMessage ? { fileTooLargeMessage: largestFiles.fileTooLargeMessage } : {}),
  };
}

/** The route `_method` chose, held to its own file limits (413 with its own message). */
export function holdToOwnLimits(def: RouteDef, body: unknown): void {
  const own = bodyRulesOf(def);
  const files = uploadedFiles(body);
  if (files.length > own.multipart.files || files.some((f) => f.size > own.multipart.fileSize))
    throw new AppError('payload_too_large', own.fileTooLargeMessage ?? TOO_LARGE);
}

export const TOO_LARGE = 'The request is too large.';

function uploadedFiles(value: unknown, out: UploadedFile[] = []): UploadedFile[] {
  if (Array.isArray(value)) for (const v of value) uploadedFiles(v, out);
  else if (isUploadedFile(value)) out.push(value);
  else if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    for (const v of Object.values(value)) uploadedFiles(v, out);
  return out;
}
