import { downloadFile, type SendOptions } from './api-client';

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
