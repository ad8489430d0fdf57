import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { domainsText, EXTRACT_FAILED, extractDomains, type ExtractedLine } from './logic.ts';

export interface DomainExtractorProps {
  idPrefix: string;
}

export default function DomainExtractorWidget({ idPrefix }: DomainExtractorProps) {
  const [input, setInput] = useState('');
  const [uniqueOnly, setUniqueOnly] = useState(false);
  const [stripWww, setStripWww] = useState(false);
  const [lines, setLines] = useState<ExtractedLine[]>([]);
  const [error, setError] = useState('');
  const id = (name: string) => `${idPrefix}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setLines([]);
    setError('');
    try {
      const result = extractDomains(input, { uniqueOnly, stripWww });
      if (result.ok) setLines(result.lines);
      else setError(result.error);
    } catch {
      setError(EXTRACT_FAILED);
    }
  }

  const valid = lines.filter((line) => line.domain).length;
  const output = domainsText(lines);

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('input')}>URLs (one per line)</label>
      <textarea
        id={id('input')}
        rows={8}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        placeholder={'https://www.example.com/blog/post\nhttp://shop.example.in:8080/cart'}
      />
      <fieldset className="options">
        <legend>Options</legend>
        <label>
          <input type="checkbox" checked={uniqueOnly} onChange={() => setUniqueOnly((value) => !value)} /> Unique domains only
        </label>
        <label>
          <input type="checkbox" checked={stripWww} onChange={() => setStripWww((value) => !value)} /> Remove "www."
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button">
          Extract Domains
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {lines.length > 0 ? (
        <div className="result">
          <p className="result-summary">
            {valid} domain{valid === 1 ? '' : 's'} from {lines.length} line{lines.length === 1 ? '' : 's'}
          </p>
          <ol className="domain-list">
            {lines.map((line, index) => (
              <li key={`${index}-${line.input}`}>
                {line.domain ? (
                  <span className="domain">{line.domain}</span>
                ) : (
                  <>
                    <span className="line-input">{line.input}</span> <span className="error-inline">{line.error}</span>
                  </>
                )}
              </li>
            ))}
          </ol>
          <div className="actions">
            <CopyButton text={output} label="Copy domains" disabled={!output} />
          </div>
        </div>
      ) : null}
    </form>
  );
}
