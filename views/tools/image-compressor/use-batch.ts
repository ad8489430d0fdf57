import { useEffect, useRef, useState } from 'react';
import type { BatchItem } from './BatchList.tsx';
import { MAX_BATCH_FILES, MAX_RESIZE_PX, MAX_UPLOAD_BYTES } from './logic.ts';
import { uploadImage, type UploadFields } from './upload.ts';

/** Files sent at once: enough to keep both server slots busy without queueing a whole batch there. */
const PARALLEL_UPLOADS = 2;
export const UPLOAD_LIMIT_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The options as the form holds them; `longestSide` is the box's text. */
export interface CompressChoices extends Omit<UploadFields, 'longestSide'> {
  longestSide: string;
}

function uploadFields(choices: CompressChoices): UploadFields {
  const side = Number(choices.longestSide);
  return { ...choices, longestSide: side > 0 ? Math.min(MAX_RESIZE_PX, Math.round(side)) : undefined };
}

/** A picked file as the list shows it; one over the upload limit is marked failed at once. */
function batchItem(id: number, file: File, preview: string): BatchItem {
  const tooBig = file.size > MAX_UPLOAD_BYTES;
  return {
    id,
    file,
    preview,
    status: tooBig ? 'error' : 'waiting',
    progress: 0,
    error: tooBig ? `the image is larger than the ${UPLOAD_LIMIT_MB} MB upload limit.` : undefined,
  };
}

/**
 * The image compressor's batch: the picked files with their previews and states, which result is
 * compared, and a run that uploads PARALLEL_UPLOADS files at a time until done or stopped. Leaving
 * the page stops the uploads (the server then drops or stops their jobs) and frees the previews.
 */
export function useBatch() {
  const [items, setItems] = useState<BatchItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const nextId = useRef(1);
  const running = useRef<AbortController | null>(null);
  const previews = useRef(new Set<string>());

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
    const added = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return batchItem(nextId.current++, file, preview);
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

  async function compressOne(item: BatchItem, fields: UploadFields, signal: AbortSignal) {
    update(item.id, { status: 'uploading', progress: 0, result: undefined, error: undefined });
    const outcome = await uploadImage(
      item.file,
      fields,
      (progress) => update(item.id, progress >= 100 ? { status: 'compressing', progress } : { progress }),
      signal,
    );
    if (outcome.ok) update(item.id, { status: 'done', result: outcome.result });
    else update(item.id, { status: 'error', error: outcome.error });
    return outcome.ok;
  }

  /** Compresses every file that can be sent; the first one done is shown in the comparison. */
  async function compressAll(choices: CompressChoices) {
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
    const fields = uploadFields(choices);
    const queue = [...runnable];
    let firstDone: number | null = null;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, async () => {
        for (let item = queue.shift(); item && !controller.signal.aborted; item = queue.shift()) {
          if ((await compressOne(item, fields, controller.signal)) && firstDone === null) {
            firstDone = item.id;
            setSelected(item.id);
          }
        }
      }),
    );
    setBusy(false);
  }

  return {
    items,
    busy,
    error,
    notice,
    selected,
    setSelected,
    addFiles,
    remove,
    compressAll,
    stop: () => running.current?.abort(),
  };
}
