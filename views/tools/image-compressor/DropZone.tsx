import { useState, type DragEvent } from 'react';
import { MAX_BATCH_FILES } from './logic.ts';
import { UPLOAD_LIMIT_MB } from './use-batch.ts';

/** The file picker, which is also where images can be dropped (ignored while a batch runs). */
export function DropZone({
  idPrefix,
  busy,
  onFiles,
}: {
  idPrefix: string;
  busy: boolean;
  onFiles: (files: FileList) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const inputId = `${idPrefix}-file`;

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy && event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
  }

  return (
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
      <label htmlFor={inputId}>
        Choose images or drop them here (JPEG, PNG, WebP, AVIF or GIF, up to {UPLOAD_LIMIT_MB} MB each,{' '}
        {MAX_BATCH_FILES} at a time)
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        disabled={busy}
        onChange={(event) => {
          if (event.target.files?.length) onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
