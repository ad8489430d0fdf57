export interface UrlInputRowProps {
  /** The input's id; the form's own <label htmlFor> names it. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** While true the button shows `busyLabel` and is disabled. */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** The id of the error that describes the input, while one shows. */
  describedBy?: string;
}

/**
 * The URL box and submit button of the tools that take one address (SEO audit, site audit, sitemap
 * generator, mobile test): side by side, the button below on narrow screens, disabled while busy or
 * empty. Styled by `.url-input-row` (client/styles/components.css).
 */
export function UrlInputRow({
  id,
  value,
  onChange,
  placeholder,
  busy,
  label,
  busyLabel,
  describedBy,
}: UrlInputRowProps) {
  return (
    <div className="url-input-row">
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      />
      <button type="submit" className="button" disabled={busy || value.trim() === ''}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
