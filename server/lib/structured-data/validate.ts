import { richResultRules, type Node } from './rich-results.ts';
import { schemaOrgVocabulary, type Vocabulary } from './vocabulary.ts';

/**
 * Validates structured data (JSON-LD blocks as parsed, and microdata/RDFa items shaped like
 * JSON-LD) against the schema.org vocabulary and Google's rich-result requirements.
 *
 * Decisions:
 * - Only schema.org is checked: a block without an `@context` is reported (nothing can read it);
 *   a context of another vocabulary, a type or property of another vocabulary (a full IRI or a
 *   prefix other than `schema:`), and a term the page's own context defines are left alone.
 * - Unknown type: a schema.org type name that is no schema.org type (typos, made-up types).
 * - Unknown property: a name that is no schema.org property on any type. Names ending in
 *   `-input`/`-output` (schema.org's potential-action annotations such as `query-input`) count
 *   as their property.
 * - Property on the wrong type: a real property none of whose types (domainIncludes) is the item's
 *   type or one of its ancestors. Not checked on untyped items, items whose types are all unknown
 *   or foreign, and Role items (schema.org's Role pattern repeats the outer property inside).
 * - Dates: a value of a property that only takes a Date or DateTime must be ISO 8601.
 * - Prices (price, lowPrice, highPrice, minPrice, maxPrice) written as text must be digits with a
 *   full stop for decimals (schema.org: no currency sign, no thousands separator); currencies
 *   (priceCurrency, currency, salaryCurrency) must be three-letter ISO 4217 codes.
 * - Ratings: a plain-number ratingValue must lie between worstRating and bestRating (Google's
 *   defaults 1 and 5). Fractions and percentages, which Google also reads, are not judged.
 * - Google's rich-result rules (rich-results.ts): on top-level items (a block's root, an array or
 *   `@graph` member, a web page's mainEntity), and for reviews, ratings, breadcrumbs and FAQs also
 *   when nested.
 */
export interface StructuredDataProblem {
  check: string;
  detail: string;
}

/** Objects visited per page, and how deep: bounds the work of a hostile page. */
export const MAX_STRUCTURED_DATA_NODES = 2000;
/** Problems collected per page (a page shows a few per check): bounds a hostile page's list. */
export const MAX_STRUCTURED_DATA_PROBLEMS = 1000;
const MAX_DEPTH = 16;
const MAX_VALUE_SHOWN = 40;

const ISO_8601 =
  /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)?)?)?)?$/;
/** Prices: digits with a full stop for decimals, no currency sign or thousands separator (schema.org's price). */
const PLAIN_PRICE = /^\d+(\.\d+)?$/;
const PRICE_PROPERTIES = new Set(['price', 'lowPrice', 'highPrice', 'minPrice', 'maxPrice']);
/** Three-letter ISO 4217 codes ("INR", not "₹" or "Rs."); the case is not judged. */
const CURRENCY_CODE = /^[a-z]{3}$/i;
const CURRENCY_PROPERTIES = new Set(['priceCurrency', 'currency', 'salaryCurrency']);

/** A rating written as a plain number (a number, or a string of digits with a full stop); null otherwise. */
function plainNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

const SCHEMA_CONTEXT = /^https?:\/\/schema\.org(\/|\/docs\/jsonldcontext\.jsonld?)?$/i;
const SCHEMA_TERM = /^(?:https?:\/\/schema\.org\/|schema:)(.+)$/i;

interface Scope {
  /** Bare names are schema.org names. */
  schema: boolean;
  /** Terms the page's own context defines. */
  terms: ReadonlySet<string>;
}

function scopeOf(context: unknown): Scope {
  const terms = new Set<string>();
  let schema = false;
  for (const entry of Array.isArray(context) ? context : [context]) {
    if (typeof entry === 'string' && SCHEMA_CONTEXT.test(entry.trim())) schema = true;
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      for (const [key, value] of Object.entries(entry as Node)) {
        if (key === '@vocab' && typeof value === 'string' && SCHEMA_CONTEXT.test(value.trim())) schema = true;
        else if (!key.startsWith('@')) terms.add(key);
      }
    }
  }
  return { schema, terms };
}

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const nodesOf = (value: unknown): Node[] =>
  Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [];
const stringsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');

/** The schema.org name a type or property stands for, or null when it belongs to another vocabulary. */
function schemaName(name: string, scope: Scope): string | null {
  const match = SCHEMA_TERM.exec(name);
  if (match) return match[1];
  if (name.includes(':') || name.includes('/') || scope.terms.has(name)) return null;
  return scope.schema ? name : null;
}

function shortList(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

export function validateStructuredData(
  blocks: readonly unknown[],
  vocabulary: Vocabulary = schemaOrgVocabulary(),
): StructuredDataProblem[] {
  const problems: StructuredDataProblem[] = [];
  let budget = MAX_STRUCTURED_DATA_NODES;
  const report = (check: string, detail: string) => {
    if (problems.length < MAX_STRUCTURED_DATA_PROBLEMS) problems.push({ check, detail });
  };
  /** The right spelling when only the capitals are wrong ("Localbusiness", "datepublished"). */
  const suggestion = (name: string, kind: 'types' | 'properties') => {
    const right = vocabulary.spellings[kind].get(name.toLowerCase());
    return right === undefined ? '' : ` (did you mean "${right}"?)`;
  };

  function topLevel(value: unknown, scope: Scope | null, depth = 0): void {
    if (depth > MAX_DEPTH) return;
    for (const item of nodesOf(value)) {
      const own = '@context' in item ? scopeOf(item['@context']) : scope;
      if (item['@graph'] !== undefined) {
        topLevel(item['@graph'], own, depth + 1);
        continue;
      }
      if (own === null) {
        if (item['@type'] !== undefined) report('schema-context-missing', `${shortList(stringsOf(item['@type']))}`);
        continue;
      }
      visit(item, own, true, 0, '');
    }
  }

  function visit(item: Node, scope: Scope, top: boolean, depth: number, parentKey: string): void {
    budget -= 1;
    if (budget < 0 || depth > MAX_DEPTH) return;
    const rawTypes = stringsOf(item['@type']);
    const known: string[] = [];
    let foreign = false;
    for (const type of rawTypes) {
      const name = schemaName(type, scope);
      if (name === null) foreign = true;
      else if (vocabulary.ancestors.has(name)) known.push(name);
      else report('schema-type-unknown', `"${type.slice(0, MAX_VALUE_SHOWN)}"${suggestion(name, 'types')}`);
    }
    const ancestors = new Set<string>();
    for (const type of known) for (const ancestor of vocabulary.ancestors.get(type)!) ancestors.add(ancestor);
    const label =
      known[0] ?? rawTypes[0]?.slice(0, MAX_VALUE_SHOWN) ?? (parentKey ? `the ${parentKey} item` : 'an untyped item');
    const checkProperties = !(foreign && known.length === 0);
    const role = ancestors.has('Role');

    for (const [key, value] of Object.entries(item)) {
      if (key.startsWith('@')) continue;
      const name = checkProperties ? schemaName(key, scope) : null;
      if (name !== null) {
        const base = name.replace(/-(input|output)$/, '');
        const domains = vocabulary.domains.get(base);
        const shown = key.slice(0, MAX_VALUE_SHOWN);
        if (!domains) report('schema-property-unknown', `"${shown}" on ${label}${suggestion(base, 'properties')}`);
        else if (
          base === name &&
          known.length > 0 &&
          !role &&
          domains.length > 0 &&
          !domains.some((domain) => ancestors.has(domain))
        )
          report('schema-property-wrong-type', `"${shown}" on ${label} (a property of ${shortList(domains)})`);
        if (domains && vocabulary.dateProperties.has(base))
          for (const text of stringsOf(value))
            if (text.trim() !== '' && !ISO_8601.test(text.trim()))
              report('schema-date-invalid', `${shown} "${text.trim().slice(0, MAX_VALUE_SHOWN)}" on ${label}`);
        if (domains && PRICE_PROPERTIES.has(base))
          for (const text of stringsOf(value))
            if (text.trim() !== '' && !PLAIN_PRICE.test(text.trim()))
              report('schema-price-invalid', `${shown} "${text.trim().slice(0, MAX_VALUE_SHOWN)}" on ${label}`);
        if (domains && CURRENCY_PROPERTIES.has(base))
          for (const text of stringsOf(value))
            if (!CURRENCY_CODE.test(text.trim()))
              report('schema-currency-invalid', `${shown} "${text.trim().slice(0, MAX_VALUE_SHOWN)}" on ${label}`);
      }
      const nestedTop = key === 'mainEntity' && ancestors.has('WebPage') && !ancestors.has('FAQPage');
      for (const child of nodesOf(value))
        visit(child, '@context' in child ? scopeOf(child['@context']) : scope, nestedTop, depth + 1, key);
    }

    if (known.length === 0) return;
    if (ancestors.has('Rating')) {
      const value = plainNumber(item.ratingValue);
      const best = plainNumber(item.bestRating) ?? 5;
      const worst = plainNumber(item.worstRating) ?? 1;
      if (value !== null && (value > best || value < worst))
        report('schema-rating-out-of-range', `${label}: ratingValue ${value} outside ${worst} to ${best}`);
    }
    for (const rule of richResultRules) {
      if ((rule.topLevelOnly && !top) || !rule.appliesTo(ancestors, known)) continue;
      const missing = rule.missing(item, !top, ancestors);
      if (missing.length > 0) report(rule.check, `${label}: missing ${missing.join('; ')}`);
    }
  }

  for (const block of blocks) topLevel(block, null);
  return problems;
}

/** Distinct problems named per check and page, lines kept per page, and the longest detail kept. */
const MAX_DETAILS_SHOWN = 3;
export const MAX_STRUCTURED_DATA_LINES = 8;
const MAX_SUMMARY_CHARS = 200;

/**
 * The compact form a page record keeps: one string per check (the first MAX_STRUCTURED_DATA_LINES
 * checks found), `check<TAB>detail`, the detail naming the first distinct problems and how many
 * more there are, at most MAX_SUMMARY_CHARS long.
 */
export function summarizeStructuredData(problems: readonly StructuredDataProblem[]): string[] {
  const byCheck = new Map<string, string[]>();
  for (const problem of problems) {
    const details = byCheck.get(problem.check) ?? [];
    if (!details.includes(problem.detail)) details.push(problem.detail);
    if (byCheck.size < MAX_STRUCTURED_DATA_LINES || byCheck.has(problem.check)) byCheck.set(problem.check, details);
  }
  return [...byCheck].map(([check, details]) => {
    const shown = details.slice(0, MAX_DETAILS_SHOWN).join('; ');
    const more = details.length > MAX_DETAILS_SHOWN ? ` (and ${details.length - MAX_DETAILS_SHOWN} more)` : '';
    const detail =
      shown.length + more.length > MAX_SUMMARY_CHARS
        ? `${shown.slice(0, MAX_SUMMARY_CHARS - more.length - 3)}...`
        : shown;
    return `${check}\t${detail}${more}`;
  });
}

/** The page's summaries for one check, as detail lines (see summarizeStructuredData). */
export function structuredDataDetail(summaries: readonly string[], check: string): string | null {
  const prefix = `${check}\t`;
  const found = summaries.find((summary) => summary.startsWith(prefix));
  return found === undefined ? null : found.slice(prefix.length);
}
