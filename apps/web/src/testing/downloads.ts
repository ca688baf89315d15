import { vi } from 'vitest';

/**
 * Catches what the page hands the browser to save (`saveBlob`: an object URL behind a link clicked once):
 * the name of each file, in order, and its text.
 */
export function catchSavedFiles() {
  const files: { name: string; text: Promise<string> }[] = [];
  const blobs: Blob[] = [];
  // jsdom has neither: they are set for the test, as the other download tests set them.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => `blob:saved-${blobs.push(blob) - 1}`,
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs[Number.parseInt(this.getAttribute('href')?.replace('blob:saved-', '') ?? '', 10)];
    files.push({ name: this.download, text: blob ? blob.text() : Promise.resolve('') });
  });
  return files;
}
