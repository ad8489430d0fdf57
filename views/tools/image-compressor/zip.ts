import { zipSync } from 'fflate';
import { saveBlob } from '#views/lib/download.ts';
import { uniqueFileNames } from './logic.ts';
import { dataUrlBytes } from './upload.ts';

/**
 * "Download all": one zip built in the browser (docs/decisions/0017). The widget imports this module
 * only when the button is pressed, so the page's first load does not carry it; importing `zipSync` by
 * name lets the bundler drop the rest of fflate. Entries are stored, not deflated: compressed images
 * do not shrink further and storing is instant.
 */
export async function downloadZip(
  files: Array<{ fileName: string; url: string }>,
  zipName = 'compressed-images.zip',
): Promise<void> {
  const names = uniqueFileNames(files.map((file) => file.fileName));
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  files.forEach((file, index) => {
    entries[names[index]] = [dataUrlBytes(file.url), { level: 0 }];
  });
  const zipped = zipSync(entries);
  saveBlob(new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), zipName);
}
