import { useState, type FormEvent } from 'react';
import { ApiError, requestJson } from '#views/lib/request-json.ts';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { parseDomain } from '../url-input.ts';
import { anchorsToCsv } from './logic.ts';
import {
  ANCHOR_TYPE_LABELS,
  GENERATE_FAILED,
  keywordProblem,
  splitKeywords,
  type Anchor,
  type GenerateResponse,
} from './rules.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { CsvButton } from '#views/components/CsvButton.tsx';

export interface AnchorWidgetProps {
  idPrefix: string;
}

async function requestAnchors(body: { keywords: string[]; brand?: string; website?: string }): Promise<Anchor[]> {
  const data = await requestJson<Partial<GenerateResponse> | null>(
    '/api/bulk-anchor-text-generators/generate',
    GENERATE_FAILED,
    body,
  );
  if (!Array.isArray(data?.anchors)) throw new Error(GENERATE_FAILED);
  return data.anchors;
}

/** A 4xx carries a message the person can act on; anything else gets the spec's generic one. */
function anchorFailure(caught: unknown): string {
  return caught instanceof ApiError && caught.fromServer && caught.status < 500 ? caught.message : GENERATE_FAILED;
}

export default function AnchorTextWidget({ idPrefix }: AnchorWidgetProps) {
  const [keywords, setKeywords] = useState('');
  const [brand, setBrand] = useState('');
  const [website, setWebsite] = useState('');
  const [anchors, setAnchors] = useState<Anchor[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAnchors([]);
    setError('');
    const list = splitKeywords(keywords);
    const problem = keywordProblem(list);
    if (problem) return setError(problem);
    const site = website.trim() ? parseDomain(website) : null;
    if (site && !site.ok) return setError(site.error);
    setBusy(true);
    try {
      setAnchors(
        await requestAnchors({
          keywords: list,
          brand: brand.trim() || undefined,
          website: site?.ok ? site.domain : undefined,
        }),
      );
    } catch (failure) {
      setError(anchorFailure(failure));
    } finally {
      setBusy(false);
    }
  }

  const counts = anchors.reduce<Record<string, number>>(
    (acc, anchor) => ({ ...acc, [anchor.type]: (acc[anchor.type] ?? 0) + 1 }),
    {},
  );

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('keywords')}>Keywords (separate with commas or new lines)</label>
      <textarea
        id={id('keywords')}
        rows={6}
        value={keywords}
        onChange={(event) => setKeywords(event.target.value)}
        placeholder={'seo services in delhi\nlocal seo, link building'}
      />
      <div className="field-row">
        <div>
          <label htmlFor={id('brand')}>Brand name (optional)</label>
          <input
            id={id('brand')}
            type="text"
            value={brand}
            onChange={(event) => setBrand(event.target.value)}
            placeholder="Acme Digital"
          />
        </div>
        <div>
          <label htmlFor={id('website')}>Your website (optional)</label>
          <input
            id={id('website')}
            type="text"
            inputMode="url"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
            placeholder="example.com"
          />
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Generating...' : 'Generate Anchor Texts'}
        </button>
      </div>
      <ErrorMessage error={error} />
      {anchors.length > 0 ? (
        <div className="result">
          <p className="result-summary">
            {anchors.length} anchor texts:{' '}
            {Object.entries(counts)
              .map(([type, count]) => `${count} ${ANCHOR_TYPE_LABELS[type as Anchor['type']]}`)
              .join(', ')}
          </p>
          <div className="actions">
            <CopyButton text={anchors.map((anchor) => anchor.text).join('\n')} label="Copy all" />
            <CsvButton fileName={'anchor-texts.csv'} csv={() => anchorsToCsv(anchors)} />
          </div>
          <ul className="anchor-list">
            {anchors.map((anchor) => (
              <li key={anchor.text}>
                <span className="anchor-text">{anchor.text}</span>
                <span className={`type-badge type-${anchor.type}`}>{ANCHOR_TYPE_LABELS[anchor.type]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
