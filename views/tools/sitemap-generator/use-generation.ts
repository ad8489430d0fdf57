import { useState } from 'react';
import { saveBlob } from '#views/lib/download.ts';
import { ApiError, apiFetch, requestJson, serverReason } from '#views/lib/request-json.ts';
import { progressSearch, type SitemapOptionsInput } from '#views/model/sitemap-options.ts';
import {
  checkMessage,
  DOWNLOAD_FILE_NAME,
  fullLink,
  GENERATE_FAILED,
  generateErrorMessage,
  SITEMAPS_CHANGED_EVENT,
} from './logic.ts';
import { readSitemap } from './read-sitemap.ts';
import type { GenerateSitemapResponse, SitemapProgress } from './schema.ts';

/** Follows a crawl's progress on its own stream while the POST waits for the finished crawl. */
function followProgress(url: string, options: SitemapOptionsInput, onProgress: (progress: SitemapProgress) => void) {
  const events = new EventSource(`/api/sitemaps/progress?${progressSearch(url, options)}`);
  events.addEventListener('progress', (message) =>
    onProgress(JSON.parse((message as MessageEvent<string>).data) as SitemapProgress),
  );
  const stop = () => events.close();
  events.addEventListener('done', stop);
  events.addEventListener('failed', stop);
  return stop;
}

/**
 * One generation at a time: the crawl's progress while it runs, then the stored sitemap (its path,
 * full link, report and the URLs the file lists), and Download and Check for that file.
 */
export function useGeneration() {
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState('');
  const [link, setLink] = useState('');
  const [checkResult, setCheckResult] = useState('');
  const [progress, setProgress] = useState<SitemapProgress | null>(null);
  const [result, setResult] = useState<GenerateSitemapResponse | null>(null);
  const [preview, setPreview] = useState<string[] | null>(null);

  /** The preview lists what the file itself says, read the same way Check reads it. */
  async function showPreview(fileLink: string) {
    try {
      const read = await readSitemap(fileLink);
      if (read.ok && read.validation.ok) setPreview(read.validation.locs);
    } catch {
      // No preview then; Check reports what is wrong with the file.
    }
  }

  function clear() {
    setError('');
    setLink('');
    setCheckResult('');
    setResult(null);
    setPreview(null);
  }

  async function generate(url: string, options: SitemapOptionsInput) {
    setGenerating(true);
    clear();
    setProgress({ found: 0, queued: 1, skipped: 0 });
    const stopProgress = followProgress(url, options, setProgress);
    try {
      const generated = await requestJson<GenerateSitemapResponse>('/api/sitemaps', GENERATE_FAILED, {
        url,
        ...options,
      });
      const fileLink = fullLink(window.location.origin, generated.sitemap);
      setLink(fileLink);
      setResult(generated);
      window.dispatchEvent(new Event(SITEMAPS_CHANGED_EVENT));
      void showPreview(fileLink);
    } catch (failure) {
      if (failure instanceof ApiError) setError(generateErrorMessage(serverReason(failure)));
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      stopProgress();
      setGenerating(false);
      setProgress(null);
    }
  }

  async function download() {
    try {
      const res = await apiFetch(link, 'Failed to download sitemap file.');
      saveBlob(await res.blob(), DOWNLOAD_FILE_NAME);
    } catch {
      window.alert('Failed to download sitemap file.');
    }
  }

  async function check() {
    setCheckResult('Checking sitemap...');
    try {
      setCheckResult(checkMessage(await readSitemap(link)));
    } catch (failure) {
      setCheckResult(`❌ Error: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  return { generating, error, setError, link, checkResult, progress, result, preview, generate, download, check };
}
