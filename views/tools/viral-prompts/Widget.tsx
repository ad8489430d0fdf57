import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { copyText } from '#views/lib/clipboard.ts';
import { CATEGORY_LABELS, COPY_FEEDBACK_MS, MAX_IDEA_LENGTH } from './rules.ts';
import { CATEGORIES, type Category } from '#views/model/viral-prompts.ts';

export interface ViralPromptsProps {
  idPrefix: string;
  staticPrompts: string[];
  initialCategory: Category;
  /** The curated prompts of the initial category, server-rendered so the page has content without JS. */
  initialPrompts: string[];
}

function PromptItem({ text, copied, onCopy }: { text: string; copied: boolean; onCopy: (text: string) => void }) {
  return (
    <li>
      <button type="button" className="prompt-item" onClick={() => onCopy(text)} title="Click to copy">
        <span>{text}</span>
        <span className="prompt-copy" aria-live="polite">
          {copied ? 'Copied!' : 'Copy'}
        </span>
      </button>
    </li>
  );
}

export default function ViralPromptsWidget({
  idPrefix,
  staticPrompts,
  initialCategory,
  initialPrompts,
}: ViralPromptsProps) {
  const [category, setCategory] = useState<Category>(initialCategory);
  const [prompts, setPrompts] = useState(initialPrompts);
  const [copied, setCopied] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = (name: string) => `${idPrefix}-${name}`;

  // Fetched on load and on every category change (spec 4); failures are only logged (spec 8).
  useEffect(() => {
    const controller = new AbortController();
    requestJson<{ prompts?: unknown } | null>(
      `/api/viralprompt/generate?category=${category}`,
      'Could not load prompts',
      undefined,
      { signal: controller.signal },
    )
      .then((body) => {
        if (!Array.isArray(body?.prompts)) throw new Error('prompt list answered without prompts');
        setPrompts(body.prompts.filter((item): item is string => typeof item === 'string'));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not load prompts', error);
      });
    return () => controller.abort();
  }, [category]);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function onCopy(text: string) {
    if (!(await copyText(text))) return console.warn('Copy to clipboard failed');
    setCopied(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
  }

  async function onGenerate(event: FormEvent) {
    event.preventDefault();
    if (!input.trim() || busy) return;
    setBusy(true);
    try {
      const body = await requestJson<{ prompt?: unknown } | null>(
        '/api/viralprompt/generate',
        'Prompt generation failed',
        { input, category },
      );
      if (typeof body?.prompt !== 'string') throw new Error('answered without a prompt');
      setOutput(body.prompt);
    } catch (error) {
      console.warn('Prompt generation failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="viral-prompts">
      <div className="tool-card">
        <label htmlFor={id('category')}>Category</label>
        <select id={id('category')} value={category} onChange={(event) => setCategory(event.target.value as Category)}>
          {CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
        <h2 className="prompt-heading">Popular prompts</h2>
        <ul className="prompt-list static-prompts">
          {staticPrompts.map((text) => (
            <PromptItem key={text} text={text} copied={copied === text} onCopy={onCopy} />
          ))}
        </ul>
        <h2 className="prompt-heading">{CATEGORY_LABELS[category]} prompts</h2>
        <ul className="prompt-list dynamic-prompts" aria-live="polite">
          {prompts.map((text) => (
            <PromptItem key={text} text={text} copied={copied === text} onCopy={onCopy} />
          ))}
        </ul>
      </div>
      <form className="tool-card" onSubmit={onGenerate} noValidate>
        <h2 className="prompt-heading">Turn your idea into a prompt</h2>
        <label htmlFor={id('idea')}>Your idea</label>
        <input
          id={id('idea')}
          type="text"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          maxLength={MAX_IDEA_LENGTH}
          placeholder="a street food tour of Old Delhi"
        />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Generating...' : 'Generate Prompt'}
          </button>
        </div>
        <label htmlFor={id('output')}>Generated prompt</label>
        <textarea id={id('output')} rows={8} readOnly value={output} />
        {output ? (
          <div className="actions">
            <button type="button" className="button secondary" onClick={() => onCopy(output)}>
              {copied === output ? 'Copied!' : 'Copy prompt'}
            </button>
          </div>
        ) : null}
      </form>
    </div>
  );
}
