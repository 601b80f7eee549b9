/** How long the object URL outlives the click: the browser reads it when the download starts. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Hands a file the API sent (a CSV export, an invoice's PDF) to the browser to save under
 * `fileName`: the one way the web app saves a file.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
