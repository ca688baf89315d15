import type { Endpoint } from '@app/domain';
import { downloadEndpoint, type DownloadInput } from './call-endpoint';

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
 * Downloads the file an endpoint answers with (`downloadEndpoint`: the API client's session cookie, CSRF on
 * a POST and its 419 retry) and saves it under the answer's Content-Disposition name, else
 * `fallbackFilename`. Returns the name it was saved under.
 */
export async function saveEndpointFile<E extends Endpoint>(endpoint: E, input: DownloadInput<E>): Promise<string> {
  const { blob, filename } = await downloadEndpoint(endpoint, input);
  saveBlob(blob, filename);
  return filename;
}
