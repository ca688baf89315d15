import { endpointPath, type Endpoint, type EndpointBodyInput } from '@app/domain';
import type { ZodType } from 'zod';
import { downloadFile, type SendOptions } from './api-client';
import { downloadEndpoint } from './call-endpoint';

/**
 * Hands a file to the browser under `filename`: an object URL behind a link clicked once. The link is in the
 * document while it is clicked (Firefox ignores a detached one) and the URL is revoked a moment later, not at
 * once (revoking synchronously can cancel the download in some browsers).
 */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: filename, rel: 'noopener' });
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 1_000);
  }
}

/**
 * Fetches a file through the API client (session cookie, CSRF on writes, 419 retry) and saves it under the
 * name of the answer's Content-Disposition, else `fallbackFilename`. Returns the name it was saved under.
 */
export async function downloadAndSave(
  url: string,
  options: SendOptions & { fallbackFilename: string },
): Promise<string> {
  const { blob, filename } = await downloadFile(url, options);
  saveBlob(blob, filename);
  return filename;
}

/** Downloads the file a GET endpoint answers with (`downloadEndpoint`) and saves it. Returns its name. */
export async function saveEndpointFile<E extends Endpoint & { method: 'GET' }>(
  endpoint: E,
  input: Parameters<typeof downloadEndpoint<E>>[1],
): Promise<string> {
  const { blob, filename } = await downloadEndpoint(endpoint, input);
  saveBlob(blob, filename);
  return filename;
}

/**
 * Posts the endpoint's JSON body and saves the file it answers with (`downloadEndpoint` takes GETs only).
 * Returns the name it was saved under.
 */
export function savePostedEndpointFile<E extends Endpoint & { method: 'POST'; body: ZodType }>(
  endpoint: E,
  input: { body: EndpointBodyInput<E>; fallbackFilename: string },
): Promise<string> {
  return downloadAndSave(endpointPath(endpoint.path), {
    method: endpoint.method,
    json: input.body,
    fallbackFilename: input.fallbackFilename,
  });
}
