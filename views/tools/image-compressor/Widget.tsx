import { useState, type FormEvent } from 'react';
import { BatchList, type BatchItem } from './BatchList.tsx';
import { CompareSlider } from './CompareSlider.tsx';
import { CompressOptions } from './CompressOptions.tsx';
import { DropZone } from './DropZone.tsx';
import { formatBytes, QUALITY_DEFAULT } from './logic.ts';
import { useBatch, type CompressChoices } from './use-batch.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

export interface ImageCompressorProps {
  idPrefix: string;
}

const DEFAULT_CHOICES: CompressChoices = {
  quality: QUALITY_DEFAULT,
  format: 'same',
  longestSide: '',
  progressive: true,
  metadata: 'strip',
};

/** "Download all": the zip module is fetched only when the button is pressed. */
function downloadAll(done: BatchItem[]) {
  void import('./zip.ts').then(({ downloadZip }) =>
    downloadZip(done.map((item) => ({ fileName: item.result!.fileName, url: item.result!.compressedImageUrl }))),
  );
}

export default function ImageCompressorWidget({ idPrefix }: ImageCompressorProps) {
  const [choices, setChoices] = useState(DEFAULT_CHOICES);
  const batch = useBatch();
  const { items, busy, selected } = batch;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void batch.compressAll(choices);
  }

  const done = items.filter((item) => item.status === 'done' && item.result);
  const compared = items.find((item) => item.id === selected && item.result);
  const totalBefore = done.reduce((sum, item) => sum + item.file.size, 0);
  const totalAfter = done.reduce((sum, item) => sum + (item.result?.compressedSize ?? 0), 0);

  return (
    <form className="tool-card image-compressor" onSubmit={onSubmit} noValidate>
      <DropZone idPrefix={idPrefix} busy={busy} onFiles={batch.addFiles} />
      {batch.notice ? <p className="notice-inline">{batch.notice}</p> : null}
      <CompressOptions
        idPrefix={idPrefix}
        choices={choices}
        onChange={(change) => setChoices((current) => ({ ...current, ...change }))}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Compressing...' : items.length > 1 ? `Compress ${items.length} Images` : 'Compress Image'}
        </button>
        {busy ? (
          <button type="button" className="button secondary" onClick={batch.stop}>
            Stop
          </button>
        ) : null}
        {done.length > 0 && !busy ? (
          <button type="button" className="button secondary" onClick={() => downloadAll(done)}>
            Download all (.zip)
          </button>
        ) : null}
      </div>
      <ErrorMessage error={batch.error} />
      {done.length > 1 ? (
        <p className="batch-total" aria-live="polite">
          {done.length} images: {formatBytes(totalBefore)} → {formatBytes(totalAfter)}
        </p>
      ) : null}
      {items.length > 0 ? (
        <BatchList items={items} selected={selected} onSelect={batch.setSelected} onRemove={batch.remove} busy={busy} />
      ) : null}
      {compared?.result ? (
        <CompareSlider
          idPrefix={idPrefix}
          before={compared.preview}
          after={compared.result.compressedImageUrl}
          beforeLabel={formatBytes(compared.file.size)}
          afterLabel={`${formatBytes(compared.result.compressedSize)} · ${compared.result.width}×${compared.result.height}`}
        />
      ) : null}
    </form>
  );
}
