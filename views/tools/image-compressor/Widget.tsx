import { useEffect, useState, type FormEvent } from 'react';
import { requestJson, withServerReason } from '#views/lib/request-json.ts';
import { compressionPercent, downloadName, formatBytes, MAX_UPLOAD_BYTES, QUALITY_DEFAULT, QUALITY_MAX, QUALITY_MIN } from './logic.ts';

export interface ImageCompressorProps {
  idPrefix: string;
}

interface Result {
  url: string;
  originalSize: number;
  compressedSize: number;
  format: string;
  width: number;
  height: number;
}

const FAILED = 'Failed to compress image';

export default function ImageCompressorWidget({ idPrefix }: ImageCompressorProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [quality, setQuality] = useState(QUALITY_DEFAULT);
  const [format, setFormat] = useState('same');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  // The original preview is a blob: URL; release it when the file changes or the widget goes away.
  useEffect(() => {
    if (!file) return setPreview('');
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setResult(null);
    if (!file) return setError('Please select an image file');
    if (file.size > MAX_UPLOAD_BYTES) return setError(`${FAILED}: the image is larger than the 15 MB upload limit.`);
    const form = new FormData();
    form.append('image', file);
    form.append('quality', String(quality));
    form.append('format', format);
    setBusy(true);
    try {
      const body = await requestJson<(Partial<Result> & { compressedImageUrl?: string }) | null>('/api/image-compressor/compress', FAILED, form);
      if (!body?.compressedImageUrl) {
        setError(FAILED);
        return;
      }
      setResult({ url: body.compressedImageUrl, originalSize: body.originalSize ?? file.size, compressedSize: body.compressedSize ?? 0, format: body.format ?? 'jpeg', width: body.width ?? 0, height: body.height ?? 0 });
    } catch (caught) {
      setError(withServerReason(FAILED, caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tool-card image-compressor" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('file')}>Choose an image (JPEG, PNG, WebP, AVIF or GIF, up to 15 MB)</label>
      <input
        id={id('file')}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setResult(null);
          setError('');
        }}
      />
      <label htmlFor={id('quality')}>Quality: {quality}</label>
      <input id={id('quality')} type="range" min={QUALITY_MIN} max={QUALITY_MAX} step={1} value={quality} onChange={(event) => setQuality(Number(event.target.value))} />
      <label htmlFor={id('format')}>Output format</label>
      <select id={id('format')} value={format} onChange={(event) => setFormat(event.target.value)}>
        <option value="same">Keep the original format</option>
        <option value="webp">Convert to WebP</option>
        <option value="avif">Convert to AVIF</option>
      </select>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Compressing...' : 'Compress Image'}
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {preview || result ? (
        <div className="compare">
          {preview ? (
            <figure>
              <img src={preview} alt="Original" />
              <figcaption>Original{file ? ` · ${formatBytes(file.size)}` : ''}</figcaption>
            </figure>
          ) : null}
          {result ? (
            <figure>
              <img src={result.url} alt="Compressed" />
              <figcaption>
                Compressed · {formatBytes(result.compressedSize)} · {result.width}×{result.height}
              </figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <div className="result" aria-live="polite">
          <p className="compression-stats">
            Compression: <strong>{compressionPercent(result.originalSize, result.compressedSize)}%</strong> ({formatBytes(result.originalSize)} →{' '}
            {formatBytes(result.compressedSize)})
          </p>
          <div className="actions">
            <a className="button" href={result.url} download={downloadName(result.format)}>
              Download {downloadName(result.format)}
            </a>
          </div>
        </div>
      ) : null}
    </form>
  );
}
