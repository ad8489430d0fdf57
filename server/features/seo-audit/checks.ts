import { RECOMMENDATIONS } from '#views/model/seo-audit.ts';
import type { AuditCheck, AuditFacts, CheckStatus } from '#views/model/seo-audit.ts';
import {
  COMPRESSION_MIN_BYTES,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MIN_CHARS,
  TITLE_MAX_CHARS,
  TITLE_MIN_CHARS,
} from '#server/lib/page-facts/seo-limits.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/lib/page-facts/robots-directives.ts';

export interface CheckInput {
  facts: AuditFacts;
  title: string | null;
  metaDescription: string | null;
  h1: string[];
  h2: string[];
  /** Anchor texts that say nothing about the target ("click here", empty). */
  vagueAnchors: string[];
}

interface Verdict {
  status: CheckStatus;
  detail: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function lengthVerdict(value: string | null, min: number, max: number, what: string): Verdict {
  if (!value) return { status: 'fail', detail: `No ${what} to measure.` };
  const length = [...value].length;
  if (length >= min && length <= max) return { status: 'pass', detail: `${length} characters.` };
  return { status: 'warning', detail: `${length} characters; aim for ${min} to ${max}.` };
}

function isNoindex(facts: AuditFacts): string | null {
  if (hasNoindex(facts.robotsMeta)) return 'the robots meta tag says noindex';
  if (hasNoindex(xRobotsDirectivesFor(facts.xRobotsTag, 'googlebot'))) return 'the X-Robots-Tag header says noindex';
  return null;
}

function canonicalVerdict(facts: AuditFacts): Verdict {
  if (!facts.canonical) return { status: 'warning', detail: 'No canonical link found.' };
  let target: URL;
  try {
    target = new URL(facts.canonical, facts.finalUrl);
  } catch {
    return { status: 'fail', detail: `The canonical URL "${facts.canonical}" is not a valid URL.` };
  }
  const here = new URL(facts.finalUrl);
  target.hash = '';
  here.hash = '';
  if (target.href === here.href) return { status: 'pass', detail: 'Canonical points to this page.' };
  return { status: 'warning', detail: `Canonical points to another URL: ${target.href}` };
}

const evaluators: Record<string, (input: CheckInput) => Verdict> = {
  'internal-links': ({ facts }) =>
    facts.links.internal > 0
      ? { status: 'pass', detail: `${plural(facts.links.internal, 'internal link')} found.` }
      : { status: 'warning', detail: 'No links to other pages on this site.' },
  'anchor-text': ({ vagueAnchors, facts }) => {
    if (facts.links.internal + facts.links.external === 0)
      return { status: 'warning', detail: 'The page has no links.' };
    if (vagueAnchors.length === 0) return { status: 'pass', detail: 'All links have descriptive text.' };
    const sample = [...new Set(vagueAnchors.map((text) => (text ? `"${text}"` : '(empty)')))].slice(0, 3).join(', ');
    return { status: 'warning', detail: `${plural(vagueAnchors.length, 'link')} with vague or empty text: ${sample}.` };
  },
  title: ({ title }) =>
    title ? { status: 'pass', detail: `"${title}"` } : { status: 'fail', detail: 'No <title> found.' },
  'title-length': ({ title }) => lengthVerdict(title, TITLE_MIN_CHARS, TITLE_MAX_CHARS, 'title'),
  'meta-description': ({ metaDescription }) =>
    metaDescription
      ? { status: 'pass', detail: `"${metaDescription}"` }
      : { status: 'fail', detail: 'No meta description found.' },
  'meta-description-length': ({ metaDescription }) =>
    lengthVerdict(metaDescription, DESCRIPTION_MIN_CHARS, DESCRIPTION_MAX_CHARS, 'meta description'),
  h1: ({ h1 }) => {
    if (h1.length === 1) return { status: 'pass', detail: `"${h1[0]}"` };
    if (h1.length === 0) return { status: 'fail', detail: 'No H1 heading found.' };
    return { status: 'warning', detail: `${h1.length} H1 headings found; use one.` };
  },
  h2: ({ h2 }) =>
    h2.length > 0
      ? { status: 'pass', detail: `${plural(h2.length, 'H2 heading')}.` }
      : { status: 'warning', detail: 'No H2 headings found.' },
  canonical: ({ facts }) => canonicalVerdict(facts),
  indexable: ({ facts }) => {
    const reason = isNoindex(facts);
    return reason
      ? { status: 'fail', detail: `Not indexable: ${reason}.` }
      : { status: 'pass', detail: 'No noindex directive found.' };
  },
  'word-count': ({ facts }) => {
    if (facts.wordCount >= 300) return { status: 'pass', detail: `${facts.wordCount} words.` };
    return { status: facts.wordCount >= 100 ? 'warning' : 'fail', detail: `Only ${plural(facts.wordCount, 'word')}.` };
  },
  'open-graph': ({ facts }) => {
    const missing = ['og:title', 'og:description', 'og:image'].filter((key) => !facts.openGraph[key]);
    if (missing.length === 0) return { status: 'pass', detail: 'og:title, og:description and og:image are set.' };
    return { status: missing.length === 3 ? 'fail' : 'warning', detail: `Missing ${missing.join(', ')}.` };
  },
  'twitter-card': ({ facts }) =>
    facts.twitter['twitter:card']
      ? { status: 'pass', detail: `twitter:card is "${facts.twitter['twitter:card']}".` }
      : { status: 'warning', detail: 'No twitter:card tag.' },
  'response-time': ({ facts }) => {
    const ms = Math.round(facts.responseTimeMs);
    if (ms < 600) return { status: 'pass', detail: `First byte after ${ms} ms.` };
    return { status: ms < 1500 ? 'warning' : 'fail', detail: `First byte after ${ms} ms.` };
  },
  'page-weight': ({ facts }) => {
    const kb = Math.round(facts.htmlBytes / 1024);
    if (facts.htmlBytes <= 100 * 1024) return { status: 'pass', detail: `HTML is ${kb} KB.` };
    return { status: facts.htmlBytes <= 500 * 1024 ? 'warning' : 'fail', detail: `HTML is ${kb} KB.` };
  },
  compression: ({ facts }) => {
    if (facts.compression)
      return { status: 'pass', detail: `Served with ${facts.compression === 'br' ? 'Brotli' : facts.compression}.` };
    if (facts.htmlBytes < COMPRESSION_MIN_BYTES)
      return { status: 'pass', detail: 'Page is too small to need compression.' };
    return { status: 'fail', detail: 'The HTML is sent uncompressed.' };
  },
  'render-blocking': ({ facts }) => {
    const { scripts, stylesheets } = facts.renderBlocking;
    if (scripts === 0)
      return {
        status: stylesheets > 3 ? 'warning' : 'pass',
        detail: `No blocking scripts; ${plural(stylesheets, 'blocking stylesheet')}.`,
      };
    return {
      status: scripts > 2 ? 'fail' : 'warning',
      detail: `${plural(scripts, 'script')} in <head> without defer or async.`,
    };
  },
  viewport: ({ facts }) =>
    facts.viewport && /width\s*=\s*device-width/i.test(facts.viewport)
      ? { status: 'pass', detail: `Viewport: "${facts.viewport}".` }
      : {
          status: 'fail',
          detail: facts.viewport
            ? `Viewport "${facts.viewport}" does not use width=device-width.`
            : 'No viewport meta tag.',
        },
  'image-alt': ({ facts }) => {
    const { total, missingAlt } = facts.images;
    if (total === 0) return { status: 'pass', detail: 'No images on the page.' };
    if (missingAlt === 0) return { status: 'pass', detail: `All ${plural(total, 'image')} have alt text.` };
    return {
      status: missingAlt / total > 0.5 ? 'fail' : 'warning',
      detail: `${missingAlt} of ${plural(total, 'image')} lack an alt attribute.`,
    };
  },
  https: ({ facts }) => {
    if (!facts.https) return { status: 'fail', detail: 'The page is served over plain HTTP.' };
    return facts.hsts
      ? { status: 'pass', detail: `HTTPS with HSTS (${facts.hsts}).` }
      : { status: 'warning', detail: 'HTTPS, but no Strict-Transport-Security header.' };
  },
  'structured-data': ({ facts }) =>
    facts.jsonLdTypes.length > 0
      ? { status: 'pass', detail: `JSON-LD types: ${facts.jsonLdTypes.join(', ')}.` }
      : { status: 'warning', detail: 'No JSON-LD structured data.' },
  'status-code': ({ facts }) => {
    if (facts.statusCode === 200 && facts.redirects === 0) return { status: 'pass', detail: 'HTTP 200.' };
    if (facts.statusCode === 200)
      return { status: 'warning', detail: `HTTP 200 after ${plural(facts.redirects, 'redirect')}.` };
    return { status: 'fail', detail: `HTTP ${facts.statusCode}.` };
  },
};

/** Evaluates all 22 recommendations, in their fixed order, against what the fetch and parse found. */
export function evaluateChecks(input: CheckInput): AuditCheck[] {
  return RECOMMENDATIONS.map((recommendation) => {
    const verdict = evaluators[recommendation.id](input);
    return {
      id: recommendation.id,
      category: recommendation.category,
      priority: recommendation.priority,
      title: recommendation.title,
      ...verdict,
    };
  });
}
