import { useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { buildCanonicalTag, MAX_URL_LENGTH } from './logic.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

export interface CanonicalWidgetProps {
  idPrefix: string;
}

export default function CanonicalTagWidget({ idPrefix }: CanonicalWidgetProps) {
  const [input, setInput] = useState('');
  const [tag, setTag] = useState('');
  const [notes, setNotes] = useState<string[]>([]);
  const [error, setError] = useState('');
  const id = (name: string) => `${idPrefix}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = buildCanonicalTag(input);
    if (!result.ok) {
      setTag('');
      setNotes([]);
      setError(result.error);
      return;
    }
    setError('');
    setTag(result.tag);
    setNotes(result.notes);
  }

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('url')}>Preferred URL of the page</label>
      <input
        id={id('url')}
        type="url"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        maxLength={MAX_URL_LENGTH + 100}
        placeholder="https://example.com/page"
      />
      <div className="actions">
        <button type="submit" className="button">
          Generate Canonical Tag
        </button>
      </div>
      <ErrorMessage error={error} />
      {tag ? (
        <div className="result">
          <label htmlFor={id('tag')}>Your canonical tag (paste it inside &lt;head&gt;)</label>
          <textarea id={id('tag')} rows={3} readOnly value={tag} />
          {notes.length > 0 ? (
            <ul className="notes">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          <div className="actions">
            <CopyButton text={tag} label="Copy tag" />
          </div>
        </div>
      ) : null}
    </form>
  );
}
