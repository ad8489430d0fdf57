import { compressionPercent, formatBytes } from './logic.ts';
import type { CompressResponse } from './schema.ts';

export interface BatchItem {
  id: number;
  file: File;
  preview: string;
  status: 'waiting' | 'uploading' | 'compressing' | 'done' | 'error';
  progress: number;
  result?: CompressResponse;
  error?: string;
}

const FAILED = 'Failed to compress image';

function statusText(item: BatchItem): string {
  switch (item.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `Uploading ${item.progress}%`;
    case 'compressing':
      return 'Compressing...';
    case 'error':
      return item.error ? `${FAILED}: ${item.error}` : FAILED;
    case 'done':
      return item.result?.keptOriginal
        ? 'Already well compressed: your original file is kept unchanged (it was smaller).'
        : 'Done';
  }
}

/** One row per file: thumbnail, sizes, progress or result, and its own download link. */
export function BatchList({
  items,
  selected,
  onSelect,
  onRemove,
  busy,
}: {
  items: BatchItem[];
  selected: number | null;
  onSelect: (id: number) => void;
  onRemove: (id: number) => void;
  busy: boolean;
}) {
  return (
    <ul className="batch-list" aria-label="Images">
      {items.map((item) => {
        const result = item.result;
        return (
          <li
            key={item.id}
            className={`batch-item status-${item.status}${selected === item.id ? ' selected' : ''}`}
            data-testid="batch-item"
          >
            {item.status === 'error' && !result ? (
              <span className="batch-thumb" aria-hidden="true" />
            ) : (
              <img className="batch-thumb" src={result?.compressedImageUrl ?? item.preview} alt="" />
            )}
            <div className="batch-body">
              <p className="batch-name">{item.file.name}</p>
              <p className="batch-sizes">
                {formatBytes(item.file.size)}
                {result ? (
                  <>
                    {' → '}
                    {formatBytes(result.compressedSize)} ·{' '}
                    <strong className="compression-stats">
                      Compression: {compressionPercent(result.originalSize, result.compressedSize)}%
                    </strong>
                  </>
                ) : null}
              </p>
              {item.status === 'uploading' || item.status === 'compressing' ? (
                <progress
                  max={100}
                  value={item.status === 'compressing' ? undefined : item.progress}
                  aria-label={`${item.file.name} progress`}
                />
              ) : null}
              <p
                className={item.status === 'error' ? 'batch-status error' : 'batch-status'}
                role={item.status === 'error' ? 'alert' : undefined}
              >
                {statusText(item)}
              </p>
            </div>
            <div className="batch-actions">
              {result ? (
                <>
                  <a className="button" href={result.compressedImageUrl} download={result.fileName}>
                    Download {result.fileName}
                  </a>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => onSelect(item.id)}
                    aria-pressed={selected === item.id}
                  >
                    Compare
                  </button>
                </>
              ) : null}
              {!busy ? (
                <button
                  type="button"
                  className="button link"
                  onClick={() => onRemove(item.id)}
                  aria-label={`Remove ${item.file.name}`}
                >
                  Remove
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
