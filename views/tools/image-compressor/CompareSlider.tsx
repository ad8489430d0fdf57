import { useEffect, useRef, useState } from 'react';

export interface CompareSliderProps {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
  idPrefix: string;
}

/**
 * Before/after on one picture: the compressed image covers the original from the handle to the right.
 * A plain range input drives it, so it works with keyboard, touch and screen readers.
 */
export function CompareSlider({ before, after, beforeLabel, afterLabel, idPrefix }: CompareSliderProps) {
  const [split, setSplit] = useState(50);
  const figure = useRef<HTMLElement>(null);
  // On a phone the comparison opens below the file list, out of sight: bring each new one into view.
  useEffect(() => {
    const element = figure.current;
    if (!element || !matchMedia('(max-width: 600px)').matches) return;
    const box = element.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= innerHeight) return;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({
      block: box.height > innerHeight ? 'start' : 'nearest',
      behavior: still ? 'auto' : 'smooth',
    });
  }, [after]);
  return (
    <figure className="compare-slider" data-testid="compare-slider" ref={figure}>
      <div className="compare-stage">
        <img src={before} alt={`Original: ${beforeLabel}`} />
        <img
          src={after}
          alt={`Compressed: ${afterLabel}`}
          className="compare-after"
          style={{ clipPath: `inset(0 0 0 ${split}%)` }}
        />
        <span className="compare-handle" style={{ left: `${split}%` }} aria-hidden="true" />
      </div>
      <label htmlFor={`${idPrefix}-split`} className="compare-range">
        <span>Original · {beforeLabel}</span>
        <input
          id={`${idPrefix}-split`}
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(event) => setSplit(Number(event.target.value))}
          aria-label="Before and after"
        />
        <span>Compressed · {afterLabel}</span>
      </label>
    </figure>
  );
}
