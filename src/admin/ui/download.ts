/**
 * Saves text or bytes as a file the way a browser link does: a link with `download` to an object URL of them, clicked
 * inside `container` (the element's shadow root, so the section's own listeners and tests see it), then removed. The
 * object URL stays valid for {@link DOWNLOAD_URL_TTL_MS} so the download can read it, then it is released.
 */

/** How long the object URL of a download stays valid, ms. */
export const DOWNLOAD_URL_TTL_MS = 60_000;

/** Starts the download of `text` as `fileName` (`type`: its MIME type, default CSV). */
export function downloadText(container: Node, fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(container, fileName, new Blob([text], { type }));
}

/** Starts the download of `blob` (bytes with their MIME type, e.g. an invoice's `application/pdf`) as `fileName`. */
export function downloadBlob(container: Node, fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  container.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_TTL_MS);
}
