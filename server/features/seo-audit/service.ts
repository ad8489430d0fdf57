import { STATUS_CODES } from 'node:http';
import { DomainError, InvalidInputError } from '#server/lib/domain-errors.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { decodeHtml, isHtmlContentType } from '#server/lib/page-facts/decode.ts';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { VAGUE_ANCHORS } from '#server/lib/page-facts/seo-limits.ts';
import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import { checkedUrlInput, withHttpFallback, type TypedTarget } from '#server/lib/page-facts/url-input.ts';
import type { AuditFacts, AuditPageExperience, AuditReport } from '#views/model/seo-audit.ts';
import { scoreChecks } from '#views/model/seo-audit-grade.ts';
import { evaluateChecks } from './checks.ts';
import type { PageSpeedClient } from './pagespeed.ts';
import { estimatePageSpeedScore } from './score.ts';
import { weighImages, type ImageWeightLimits } from './image-weight.ts';

export interface AuditDeps {
  fetcher: SafeFetcher;
  pageSpeed?: PageSpeedClient | null;
  now?: () => Date;
  /** Overrides of IMAGE_WEIGHT_LIMITS (tests). */
  imageWeightLimits?: Partial<ImageWeightLimits>;
  /** Stops the page's fetch (the job was cancelled: its visitor left, or its wait ran out). */
  signal?: AbortSignal;
  /**
   * Renders the page in a browser and measures it (the job: server/lib/browser/page-render/experience.ts);
   * absent, the report has no page experience section.
   */
  measureExperience?: (url: string, signal?: AbortSignal) => Promise<AuditPageExperience>;
}

export const AUDIT_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 } as const;

function classifyLinks(page: PageFacts, pageUrl: URL) {
  let internal = 0;
  let external = 0;
  let nofollow = 0;
  const vague: string[] = [];
  for (const link of page.links) {
    if (!link.href || /^(#|javascript:|mailto:|tel:|data:)/i.test(link.href)) continue;
    let target: URL;
    try {
      target = new URL(link.href, pageUrl);
    } catch {
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
    if (target.hostname === pageUrl.hostname) internal += 1;
    else external += 1;
    if (/\bnofollow\b/.test(link.rel)) nofollow += 1;
    if (!link.text || VAGUE_ANCHORS.has(link.text.toLowerCase())) vague.push(link.text);
  }
  return { counts: { internal, external, nofollow }, vague };
}

/** Builds the audit facts from one fetch and one parse; pure apart from its inputs. */
export function buildFacts(
  page: PageFacts,
  fetched: {
    url: string;
    status: number;
    headers: Record<string, string>;
    bodyBytes: number;
    bytesOnWire: number;
    redirects: number;
    ttfbMs: number;
    totalMs: number;
    encoding: AuditFacts['compression'];
  },
  imageWeight: AuditFacts['imageWeight'],
) {
  const pageUrl = new URL(fetched.url);
  const links = classifyLinks(page, pageUrl);
  const facts: AuditFacts = {
    finalUrl: fetched.url,
    statusCode: fetched.status,
    redirects: fetched.redirects,
    responseTimeMs: Math.round(fetched.ttfbMs),
    totalTimeMs: Math.round(fetched.totalMs),
    htmlBytes: fetched.bodyBytes,
    transferBytes: fetched.bytesOnWire,
    compression: fetched.encoding,
    canonical: page.canonical,
    robotsMeta: page.metaRobots,
    xRobotsTag: fetched.headers['x-robots-tag'] ?? null,
    lang: page.lang,
    viewport: page.viewport,
    openGraph: page.openGraph,
    twitter: page.twitter,
    images: {
      total: page.images.length,
      missingAlt: page.images.filter((image) => image.alt === null).length,
      missingDimensions: page.images.filter((image) => !image.width || !image.height).length,
    },
    links: links.counts,
    wordCount: page.wordCount,
    jsonLdTypes: page.jsonLdTypes,
    https: pageUrl.protocol === 'https:',
    hsts: pageUrl.protocol === 'https:' ? (fetched.headers['strict-transport-security'] ?? null) : null,
    renderBlocking: {
      scripts: page.scripts.filter((script) => script.blocking).length,
      stylesheets: page.stylesheets.filter((sheet) => sheet.inHead && sheet.media !== 'print').length,
    },
    subresources: page.scripts.filter((script) => script.src).length + page.stylesheets.length + page.images.length,
    imageWeight,
  };
  return { facts, vagueAnchors: links.vague };
}

/** Fetches the page through the guarded fetcher, parses it once and evaluates the 22 checks. */
export async function auditUrl(input: string | TypedTarget, deps: AuditDeps): Promise<AuditReport> {
  const target = typeof input === 'string' ? checkedUrlInput(input) : input;
  const pageSpeedPromise = deps.pageSpeed ? deps.pageSpeed.score(target.url) : Promise.resolve(null);
  // A bare domain whose https fails at the connection is audited over http.
  const res = await withHttpFallback(target, (url) =>
    deps.fetcher.fetch(url, { ...AUDIT_LIMITS, onTooLarge: 'truncate', signal: deps.signal }),
  );
  if (res.status >= 400) {
    // An error page is not the page the visitor meant: a graded report of it would mislead.
    const reason = STATUS_CODES[res.status];
    throw new DomainError(
      'not-possible',
      `This page answered HTTP ${res.status}${reason ? ` (${reason})` : ''}, so there is no page to audit. Check the address, or audit a page that loads.`,
    );
  }
  const contentType = res.headers['content-type'];
  if (!isHtmlContentType(contentType)) {
    throw new InvalidInputError(
      `That address returned ${contentType?.split(';')[0]}, not an HTML page; enter the URL of a web page.`,
    );
  }
  // Rendered beside the parse and the image weights: the browser opens the address the fetch ended at.
  const experiencePromise = deps.measureExperience?.(res.url, deps.signal);
  const page = extractPageFacts(decodeHtml(res.body, contentType));
  // The image weights feed the speed estimate only; with Google's score they are still reported.
  const imageWeight = await weighImages(
    deps.fetcher,
    page.images.map((image) => image.src),
    res.url,
    { limits: deps.imageWeightLimits },
  );
  const { facts, vagueAnchors } = buildFacts(
    page,
    {
      url: res.url,
      status: res.status,
      headers: res.headers,
      bodyBytes: res.body.length,
      bytesOnWire: res.bytesOnWire,
      redirects: res.redirects.length,
      ttfbMs: res.timings.ttfbMs,
      totalMs: res.timings.totalMs,
      encoding: res.encoding,
    },
    imageWeight,
  );
  const checks = evaluateChecks({
    facts,
    title: page.title,
    metaDescription: page.metaDescription,
    h1: page.h1,
    h2: page.h2,
    vagueAnchors,
  });
  const googleScore = await pageSpeedPromise;
  const pageExperience = await experiencePromise;
  const count = (status: string) => checks.filter((check) => check.status === status).length;
  return {
    url: res.url,
    title: page.title ?? '',
    metaDescription: page.metaDescription ?? '',
    h1Tags: page.h1,
    h2Tags: page.h2,
    ...scoreChecks(checks),
    pageSpeedScore: googleScore ?? estimatePageSpeedScore(facts),
    pageSpeedSource: googleScore === null ? 'estimate' : 'pagespeed-insights',
    checks,
    summary: { pass: count('pass'), warning: count('warning'), fail: count('fail') },
    facts,
    ...(pageExperience ? { pageExperience } : {}),
    auditedAt: (deps.now ?? (() => new Date()))().toISOString(),
  };
}
