/**
 * The one way islands hand the visitor a file made in the browser (CSV exports, text lists) or
 * fetched from this site (a generated sitemap): a temporary object URL on a clicked <a download>.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers, which start it asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file (no server round trip). */
export function downloadText(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Saves a CSV made in the browser (the exports of the checkers and generators). */
export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, csv, 'text/csv;charset=utf-8');
}
