import { useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { domainsText, EXTRACT_FAILED, extractDomains, type ExtractedLine } from './logic.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

type Output = 'hostname' | 'root';

/** The suffix list is its own chunk, fetched the first time Root domain output is used. */
function loadRootDomain() {
  return import('./root-domain.ts').then((module) => module.rootDomain);
}

export interface DomainExtractorProps {
  idPrefix: string;
}

export default function DomainExtractorWidget({ idPrefix }: DomainExtractorProps) {
  const [input, setInput] = useState('');
  const [uniqueOnly, setUniqueOnly] = useState(false);
  const [stripWww, setStripWww] = useState(false);
  const [output, setOutput] = useState<Output>('hostname');
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<ExtractedLine[]>([]);
  const [error, setError] = useState('');
  const id = (name: string) => `${idPrefix}-${name}`;

  function chooseOutput(next: Output) {
    setOutput(next);
    // Start fetching the suffix list as soon as it is chosen, so Extract rarely waits for it.
    if (next === 'root') void loadRootDomain().catch(() => undefined);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setLines([]);
    setError('');
    setBusy(true);
    try {
      const rootDomain = output === 'root' ? await loadRootDomain() : undefined;
      const result = extractDomains(input, { uniqueOnly, stripWww, rootDomain });
      if (result.ok) setLines(result.lines);
      else setError(result.error);
    } catch {
      setError(EXTRACT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const valid = lines.filter((line) => line.domain).length;
  const copyText = domainsText(lines);

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
        <legend>Output</legend>
        <label>
          <input
            type="radio"
            name={id('output')}
            value="hostname"
            checked={output === 'hostname'}
            onChange={() => chooseOutput('hostname')}
          />{' '}
          Hostname
        </label>
        <label>
          <input
            type="radio"
            name={id('output')}
            value="root"
            checked={output === 'root'}
            onChange={() => chooseOutput('root')}
          />{' '}
          Root domain
        </label>
      </fieldset>
      <fieldset className="options">
        <legend>Options</legend>
        <label>
          <input type="checkbox" checked={uniqueOnly} onChange={() => setUniqueOnly((value) => !value)} /> Unique
          domains only
        </label>
        <label>
          <input type="checkbox" checked={stripWww} onChange={() => setStripWww((value) => !value)} /> Remove "www."
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          Extract Domains
        </button>
      </div>
      <ErrorMessage error={error} />
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
            <CopyButton text={copyText} label="Copy domains" disabled={!copyText} />
          </div>
        </div>
      ) : null}
    </form>
  );
}
