import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { BatchList, type BatchItem } from './BatchList.tsx';
import { CompareSlider } from './CompareSlider.tsx';
import {
  formatBytes,
  MAX_BATCH_FILES,
  MAX_RESIZE_PX,
  MAX_UPLOAD_BYTES,
  QUALITY_DEFAULT,
  QUALITY_MAX,
  QUALITY_MIN,
} from './logic.ts';
import { uploadImage } from './upload.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

export interface ImageCompressorProps {
  idPrefix: string;
}

/** Files sent at once: enough to keep both server slots busy without queueing a whole batch there. */
const PARALLEL_UPLOADS = 2;
const UPLOAD_LIMIT_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

export default function ImageCompressorWidget({ idPrefix }: ImageCompressorProps) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const [quality, setQuality] = useState(QUALITY_DEFAULT);
  const [format, setFormat] = useState('same');
  const [longestSide, setLongestSide] = useState('');
  const [progressive, setProgressive] = useState(true);
  const [metadata, setMetadata] = useState('strip');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextId = useRef(1);
  const running = useRef<AbortController | null>(null);
  const previews = useRef(new Set<string>());
  const id = (name: string) => `${idPrefix}-${name}`;

  // Leaving the page stops the uploads (the server then drops or stops their jobs) and frees previews.
  useEffect(
    () => () => {
      running.current?.abort();
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  function update(itemId: number, change: Partial<BatchItem>) {
    setItems((current) => current.map((item) => (item.id === itemId ? { ...item, ...change } : item)));
  }

  function addFiles(list: FileList | File[]) {
    const incoming = [...list];
    const taken = incoming.slice(0, Math.max(0, MAX_BATCH_FILES - items.length));
    setError('');
    setNotice(
      incoming.length > taken.length
        ? `You can compress up to ${MAX_BATCH_FILES} images at a time; ${incoming.length - taken.length} not added.`
        : '',
    );
    const added = taken.map((file): BatchItem => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const tooBig = file.size > MAX_UPLOAD_BYTES;
      return {
        id: nextId.current++,
        file,
        preview,
        status: tooBig ? 'error' : 'waiting',
        progress: 0,
        error: tooBig ? `the image is larger than the ${UPLOAD_LIMIT_MB} MB upload limit.` : undefined,
      };
    });
    setItems((current) => [...current, ...added]);
  }

  function remove(itemId: number) {
    setItems((current) => {
      const item = current.find((candidate) => candidate.id === itemId);
      if (item) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return current.filter((candidate) => candidate.id !== itemId);
    });
    setSelected((current) => (current === itemId ? null : current));
  }

  async function compressOne(item: BatchItem, signal: AbortSignal) {
    update(item.id, { status: 'uploading', progress: 0, result: undefined, error: undefined });
    const outcome = await uploadImage(
      item.file,
      {
        quality,
        format,
        longestSide: Number(longestSide) > 0 ? Math.min(MAX_RESIZE_PX, Math.round(Number(longestSide))) : undefined,
        progressive,
        metadata,
      },
      (progress) => update(item.id, progress >= 100 ? { status: 'compressing', progress } : { progress }),
      signal,
    );
    if (outcome.ok) update(item.id, { status: 'done', result: outcome.result });
    else update(item.id, { status: 'error', error: outcome.error });
    return outcome.ok;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (items.length === 0) return setError('Please select an image file');
    // Every run starts clean: earlier results and errors go, except files that can never be sent.
    const runnable = items.filter((item) => item.file.size <= MAX_UPLOAD_BYTES);
    setItems((current) =>
      current.map((item) =>
        item.file.size <= MAX_UPLOAD_BYTES
          ? { ...item, status: 'waiting', progress: 0, result: undefined, error: undefined }
          : item,
      ),
    );
    setSelected(null);
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    const queue = [...runnable];
    let firstDone: number | null = null;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, async () => {
        for (let item = queue.shift(); item && !controller.signal.aborted; item = queue.shift()) {
          if ((await compressOne(item, controller.signal)) && firstDone === null) {
            firstDone = item.id;
            setSelected(item.id);
          }
        }
      }),
    );
    setBusy(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy && event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  }

  const done = items.filter((item) => item.status === 'done' && item.result);
  const compared = items.find((item) => item.id === selected && item.result);
  const totalBefore = done.reduce((sum, item) => sum + item.file.size, 0);
  const totalAfter = done.reduce((sum, item) => sum + (item.result?.compressedSize ?? 0), 0);

  return (
    <form className="tool-card image-compressor" onSubmit={onSubmit} noValidate>
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <label htmlFor={id('file')}>
          Choose images or drop them here (JPEG, PNG, WebP, AVIF or GIF, up to {UPLOAD_LIMIT_MB} MB each,{' '}
          {MAX_BATCH_FILES} at a time)
        </label>
        <input
          id={id('file')}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          disabled={busy}
          onChange={(event) => {
            if (event.target.files?.length) addFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {notice ? <p className="notice-inline">{notice}</p> : null}
      <label htmlFor={id('quality')}>Quality: {quality}</label>
      <input
        id={id('quality')}
        type="range"
        min={QUALITY_MIN}
        max={QUALITY_MAX}
        step={1}
        value={quality}
        onChange={(event) => setQuality(Number(event.target.value))}
      />
      <label htmlFor={id('format')}>Output format</label>
      <select id={id('format')} value={format} onChange={(event) => setFormat(event.target.value)}>
        <option value="same">Keep the original format</option>
        <option value="webp">Convert to WebP</option>
        <option value="avif">Convert to AVIF</option>
        <option value="auto">Smallest file (tries original, WebP and AVIF)</option>
      </select>
      <fieldset className="compress-options">
        <legend>More options</legend>
        <label htmlFor={id('longest')}>Resize: longest side in pixels (empty: keep the size; never enlarged)</label>
        <input
          id={id('longest')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_RESIZE_PX}
          step={1}
          placeholder="e.g. 1600"
          value={longestSide}
          onChange={(event) => setLongestSide(event.target.value)}
        />
        <label className="checkbox">
          <input type="checkbox" checked={progressive} onChange={(event) => setProgressive(event.target.checked)} />
          Progressive JPEG (shows sooner on slow connections)
        </label>
        <label htmlFor={id('metadata')}>Photo details (EXIF)</label>
        <select id={id('metadata')} value={metadata} onChange={(event) => setMetadata(event.target.value)}>
          <option value="strip">Remove all (location included)</option>
          <option value="copyright">Keep only copyright and author</option>
          <option value="keep">Keep all</option>
        </select>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Compressing...' : items.length > 1 ? `Compress ${items.length} Images` : 'Compress Image'}
        </button>
        {busy ? (
          <button type="button" className="button secondary" onClick={() => running.current?.abort()}>
            Stop
          </button>
        ) : null}
        {done.length > 0 && !busy ? (
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              void import('./zip.ts').then(({ downloadZip }) =>
                downloadZip(
                  done.map((item) => ({ fileName: item.result!.fileName, url: item.result!.compressedImageUrl })),
                ),
              )
            }
          >
            Download all (.zip)
          </button>
        ) : null}
      </div>
      <ErrorMessage error={error} />
      {done.length > 1 ? (
        <p className="batch-total" aria-live="polite">
          {done.length} images: {formatBytes(totalBefore)} → {formatBytes(totalAfter)}
        </p>
      ) : null}
      {items.length > 0 ? (
        <BatchList items={items} selected={selected} onSelect={setSelected} onRemove={remove} busy={busy} />
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
