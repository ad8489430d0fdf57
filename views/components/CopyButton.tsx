import { useEffect, useState } from 'react';
import { copyText } from '#views/lib/clipboard.ts';

/** Copy feedback lasts 2 seconds (spec 9). */
export const COPY_FEEDBACK_MS = 2000;

export function CopyButton({ text, label = 'Copy', disabled }: { text: string; label?: string; disabled?: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="button secondary"
      disabled={disabled}
      onClick={async () => setCopied(await copyText(text))}
      aria-live="polite"
    >
      {copied ? 'Copied!' : label}
    </button>
  );
}
