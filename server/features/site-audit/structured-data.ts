import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import { summarizeStructuredData, validateStructuredData } from '#server/lib/structured-data/validate.ts';

/**
 * Characters of structured-data detail lines one audit keeps (distinct lines; repeated ones are
 * shared). Past it a page still reports each problem, with a shorter detail: a site of 20,000
 * pages, each with eight different page-specific problems, would otherwise keep ~30 MB.
 */
export const STRUCTURED_DATA_DETAIL_BUDGET = 2_000_000;
const NO_PROBLEMS: string[] = [];

/**
 * Validates a page's structured data during the visit and returns the compact lines its
 * PageRecord keeps (see summarizeStructuredData); never the structured data itself.
 */
export function createStructuredDataRecorder(budget = STRUCTURED_DATA_DETAIL_BUDGET) {
  const shared = new Map<string, string>();
  let spent = 0;
  const keep = (line: string): string => {
    const known = shared.get(line);
    if (known !== undefined) return known;
    // A fresh flat copy: the line may still point into the page's parsed JSON-LD.
    const kept = Buffer.from(line).toString();
    shared.set(kept, kept);
    spent += kept.length;
    return kept;
  };
  return (facts: PageFacts): string[] => {
    if (!facts.structuredData?.length) return NO_PROBLEMS;
    const lines = summarizeStructuredData(validateStructuredData(facts.structuredData));
    if (lines.length === 0) return NO_PROBLEMS;
    return lines.map((line) =>
      spent < budget || shared.has(line)
        ? keep(line)
        : keep(`${line.slice(0, line.indexOf('\t'))}\t(details not kept: the audit holds too many)`),
    );
  };
}
