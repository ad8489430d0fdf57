import { useState, type FormEvent } from 'react';
import { saveBlob } from '#views/lib/download.ts';
import { ApiError, apiFetch, requestJson, serverReason } from '#views/lib/request-json.ts';
import { progressSearch } from '#views/model/sitemap-options.ts';
import {
  checkMessage,
  DEFAULT_OPTIONS_FORM,
  DOWNLOAD_FILE_NAME,
  fullLink,
  GENERATE_FAILED,
  generateErrorMessage,
  optionsFromForm,
  progressPercent,
  SITEMAPS_CHANGED_EVENT,
  type OptionsForm,
} from './logic.ts';
import { OptionsFields } from './OptionsFields.tsx';
import { SitemapNextSteps, SitemapPreview } from './NextSteps.tsx';
import { readSitemap } from './read-sitemap.ts';
import type { GenerateSitemapResponse, SitemapProgress } from './schema.ts';
import { SitemapReport } from './SitemapReport.tsx';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';

export interface SitemapGeneratorProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
}

export default function SitemapGeneratorWidget({ idPrefix }: SitemapGeneratorProps) {
  const [url, setUrl] = useState('');
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState('');
  const [sitemapPath, setSitemapPath] = useState('');
  const [link, setLink] = useState('');
  const [checkResult, setCheckResult] = useState('');
  const [progress, setProgress] = useState<SitemapProgress | null>(null);
  const [result, setResult] = useState<GenerateSitemapResponse | null>(null);
  const [preview, setPreview] = useState<string[] | null>(null);
  const [optionsForm, setOptionsForm] = useState<OptionsForm>(DEFAULT_OPTIONS_FORM);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function onGenerate(event: FormEvent) {
    event.preventDefault();
    if (!url.trim() || generating) return;
    const chosen = optionsFromForm(optionsForm);
    if (!chosen.ok) {
      setError(chosen.error);
      return;
    }
    setGenerating(true);
    setError('');
    setSitemapPath('');
    setLink('');
    setCheckResult('');
    setResult(null);
    setPreview(null);
    setProgress({ found: 0, queued: 1, skipped: 0 });
    // Progress arrives on its own stream while the POST waits for the finished crawl.
    const events = new EventSource(`/api/sitemaps/progress?${progressSearch(url.trim(), chosen.options)}`);
    events.addEventListener('progress', (message) =>
      setProgress(JSON.parse((message as MessageEvent<string>).data) as SitemapProgress),
    );
    const stop = () => events.close();
    events.addEventListener('done', stop);
    events.addEventListener('failed', stop);
    try {
      const generated = await requestJson<GenerateSitemapResponse>('/api/sitemaps', GENERATE_FAILED, {
        url: url.trim(),
        ...chosen.options,
      });
      const fileLink = fullLink(window.location.origin, generated.sitemap);
      setSitemapPath(generated.sitemap);
      setLink(fileLink);
      setResult(generated);
      window.dispatchEvent(new Event(SITEMAPS_CHANGED_EVENT));
      void showPreview(fileLink);
    } catch (failure) {
      if (failure instanceof ApiError) setError(generateErrorMessage(serverReason(failure)));
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      events.close();
      setGenerating(false);
      setProgress(null);
    }
  }

  /** The preview lists what the file itself says, read the same way Check reads it. */
  async function showPreview(fileLink: string) {
    try {
      const read = await readSitemap(fileLink);
      if (read.ok && read.validation.ok) setPreview(read.validation.locs);
    } catch {
      // No preview then; Check reports what is wrong with the file.
    }
  }

  async function onDownload() {
    try {
      const res = await apiFetch(link, 'Failed to download sitemap file.');
      saveBlob(await res.blob(), DOWNLOAD_FILE_NAME);
    } catch {
      window.alert('Failed to download sitemap file.');
    }
  }

  async function onCheck() {
    setCheckResult('Checking sitemap...');
    try {
      setCheckResult(checkMessage(await readSitemap(link)));
    } catch (failure) {
      setCheckResult(`❌ Error: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  return (
    <div className="sitemap-tool">
      <form className="tool-card" id={id('form')} onSubmit={onGenerate} noValidate>
        <label htmlFor={id('url')}>Website URL</label>
        <UrlInputRow
          id={id('url')}
          value={url}
          onChange={setUrl}
          placeholder="Enter your website URL"
          busy={generating}
          label="Generate Sitemap"
          busyLabel="Generating..."
          describedBy={error ? id('error') : undefined}
        />
        <OptionsFields idPrefix={idPrefix} form={optionsForm} onChange={setOptionsForm} disabled={generating} />
        {progress ? (
          <div className="sitemap-progress" role="status" aria-live="polite">
            <progress max={100} value={progressPercent(progress)} aria-label="Crawl progress" />
            <p>
              Pages found: <strong>{progress.found}</strong> · Queued: <strong>{progress.queued}</strong> · Skipped:{' '}
              <strong>{progress.skipped}</strong>
            </p>
          </div>
        ) : null}
        <ErrorMessage error={error} id={id('error')} />
        {sitemapPath ? (
          <div className="sitemap-result">
            <p className="success">
              Sitemap generated with {result?.record.pages ?? 0} page{result?.record.pages === 1 ? '' : 's'}:{' '}
              <code>{sitemapPath}</code>
            </p>
            <p className="sitemap-link">
              Full link:{' '}
              <a href={link} target="_blank" rel="noopener">
                {link}
              </a>
            </p>
            {result?.report.htmlSitemap ? (
              <p className="sitemap-html-links">
                HTML sitemap for visitors:{' '}
                <a href={result.report.htmlSitemap} target="_blank" rel="noopener">
                  View
                </a>{' '}
                ·{' '}
                <a href={`${result.report.htmlSitemap}?download=1`} download="sitemap.html">
                  Download sitemap.html
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="actions">
          <button type="button" className="button secondary" disabled={!link} onClick={onDownload}>
            Download
          </button>
          <button type="button" className="button secondary" disabled={!link} onClick={onCheck}>
            Check
          </button>
        </div>
        {checkResult ? (
          <p className="sitemap-check" role="status">
            {checkResult}
          </p>
        ) : null}
      </form>
      {result ? (
        <section className="tool-card sitemap-next-card" aria-label="Your sitemap">
          {preview ? <SitemapPreview locs={preview} idPrefix={idPrefix} /> : null}
          {/* Where the crawl really ran: after the start page's redirects, or on http when the site has no TLS. */}
          <SitemapNextSteps siteUrl={result.report.siteUrl} idPrefix={idPrefix} />
        </section>
      ) : null}
      {result ? <SitemapReport report={result.report} idPrefix={idPrefix} /> : null}
    </div>
  );
}
