import { MAX_RESIZE_PX, QUALITY_MAX, QUALITY_MIN } from './logic.ts';
import type { CompressChoices } from './use-batch.ts';

/** Quality, output format, and the "More options" fieldset (resize, progressive JPEG, photo details). */
export function CompressOptions({
  idPrefix,
  choices,
  onChange,
}: {
  idPrefix: string;
  choices: CompressChoices;
  onChange: (change: Partial<CompressChoices>) => void;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <label htmlFor={id('quality')}>Quality: {choices.quality}</label>
      <input
        id={id('quality')}
        type="range"
        min={QUALITY_MIN}
        max={QUALITY_MAX}
        step={1}
        value={choices.quality}
        onChange={(event) => onChange({ quality: Number(event.target.value) })}
      />
      <label htmlFor={id('format')}>Output format</label>
      <select id={id('format')} value={choices.format} onChange={(event) => onChange({ format: event.target.value })}>
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
          value={choices.longestSide}
          onChange={(event) => onChange({ longestSide: event.target.value })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={choices.progressive}
            onChange={(event) => onChange({ progressive: event.target.checked })}
          />
          Progressive JPEG (shows sooner on slow connections)
        </label>
        <label htmlFor={id('metadata')}>Photo details (EXIF)</label>
        <select
          id={id('metadata')}
          value={choices.metadata}
          onChange={(event) => onChange({ metadata: event.target.value })}
        >
          <option value="strip">Remove all (location included)</option>
          <option value="copyright">Keep only copyright and author</option>
          <option value="keep">Keep all</option>
        </select>
      </fieldset>
    </>
  );
}
