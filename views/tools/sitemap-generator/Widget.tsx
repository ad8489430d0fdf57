import { useState, type FormEvent } from 'react';
import { DEFAULT_OPTIONS_FORM, optionsFromForm, type OptionsForm } from './logic.ts';
import { CrawlProgress, GeneratedSitemap } from './Generated.tsx';
import { OptionsFields } from './OptionsFields.tsx';
import { SitemapNextSteps, SitemapPreview } from './NextSteps.tsx';
import { SitemapReport } from './SitemapReport.tsx';
import { useGeneration } from './use-generation.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';

export interface SitemapGeneratorProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
}

export default function SitemapGeneratorWidget({ idPrefix }: SitemapGeneratorProps) {
  const [url, setUrl] = useState('');
  const [optionsForm, setOptionsForm] = useState<OptionsForm>(DEFAULT_OPTIONS_FORM);
  const run = useGeneration();
  const { generating, error, link, result } = run;
  const id = (name: string) => `${idPrefix}-${name}`;

  function onGenerate(event: FormEvent) {
    event.preventDefault();
    if (!url.trim() || generating) return;
    const chosen = optionsFromForm(optionsForm);
    if (!chosen.ok) return run.setError(chosen.error);
    void run.generate(url.trim(), chosen.options);
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
        {run.progress ? <CrawlProgress progress={run.progress} /> : null}
        <ErrorMessage error={error} id={id('error')} />
        {result ? <GeneratedSitemap result={result} link={link} /> : null}
        <div className="actions">
          <button type="button" className="button secondary" disabled={!link} onClick={run.download}>
            Download
          </button>
          <button type="button" className="button secondary" disabled={!link} onClick={run.check}>
            Check
          </button>
        </div>
        {run.checkResult ? (
          <p className="sitemap-check" role="status">
            {run.checkResult}
          </p>
        ) : null}
      </form>
      {result ? (
        <section className="tool-card sitemap-next-card" aria-label="Your sitemap">
          {run.preview ? <SitemapPreview locs={run.preview} idPrefix={idPrefix} /> : null}
          {/* Where the crawl really ran: after the start page's redirects, or on http when the site has no TLS. */}
          <SitemapNextSteps siteUrl={result.report.siteUrl} idPrefix={idPrefix} />
        </section>
      ) : null}
      {result ? <SitemapReport report={result.report} idPrefix={idPrefix} /> : null}
    </div>
  );
}
