import { downloadCsv } from '#views/lib/download.ts';

/** "Download CSV" for a tool's results: the file is written only when the button is pressed. */
export function CsvButton({ fileName, csv }: { fileName: string; csv: () => string }) {
  return (
    <button type="button" className="button secondary" onClick={() => downloadCsv(fileName, csv())}>
      Download CSV
    </button>
  );
}
