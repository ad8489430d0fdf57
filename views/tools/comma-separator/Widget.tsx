import { useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { defaultCommaOptions, separateWithCommas, type CommaOptions } from './logic.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

export interface CommaSeparatorProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
}

export default function CommaSeparatorWidget({ idPrefix }: CommaSeparatorProps) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<CommaOptions>(defaultCommaOptions);
  const [output, setOutput] = useState('');
  const [count, setCount] = useState(0);
  const [error, setError] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = separateWithCommas(input, options);
    if (result.ok) {
      setOutput(result.output);
      setCount(result.count);
      setError('');
    } else {
      setOutput('');
      setError(result.error);
    }
  }

  const toggle = (key: keyof CommaOptions) => setOptions((current) => ({ ...current, [key]: !current[key] }));
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('input')}>Items (one per line)</label>
      <textarea
        id={id('input')}
        rows={10}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        placeholder={'apple\nbanana\ncherry'}
      />
      <fieldset className="options">
        <legend>Options</legend>
        <label>
          <input type="checkbox" checked={options.spaceAfterComma} onChange={() => toggle('spaceAfterComma')} /> Space
          after each comma
        </label>
        <label>
          <input type="checkbox" checked={options.removeDuplicates} onChange={() => toggle('removeDuplicates')} />{' '}
          Remove duplicates
        </label>
        <label>
          <input type="checkbox" checked={options.quoteItems} onChange={() => toggle('quoteItems')} /> Wrap items in
          quotes
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button">
          Convert to Comma Separated
        </button>
      </div>
      <ErrorMessage error={error} />
      {output ? (
        <div className="result">
          <label htmlFor={id('output')}>
            Result ({count} item{count === 1 ? '' : 's'})
          </label>
          <textarea id={id('output')} rows={5} readOnly value={output} />
          <div className="actions">
            <CopyButton text={output} />
          </div>
        </div>
      ) : null}
    </form>
  );
}
