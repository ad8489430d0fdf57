/**
 * LSI-style variants: the same intent in other words, the way related searches phrase it. A
 * small hand-made thesaurus of words common in commercial keywords, a singular/plural switch,
 * and the "X for Y" / "X in Y" reorderings people actually type.
 */
const SYNONYMS: Record<string, string> = {
  seo: 'search engine optimization',
  sem: 'search engine marketing',
  ppc: 'pay per click',
  smm: 'social media marketing',
  services: 'solutions',
  service: 'solution',
  solutions: 'services',
  company: 'agency',
  companies: 'agencies',
  agency: 'company',
  agencies: 'companies',
  firm: 'agency',
  expert: 'specialist',
  experts: 'specialists',
  consultant: 'advisor',
  consultants: 'advisors',
  best: 'top',
  top: 'leading',
  cheap: 'low cost',
  affordable: 'budget-friendly',
  buy: 'shop for',
  online: 'on the internet',
  website: 'site',
  websites: 'sites',
  guide: 'tutorial',
  tips: 'advice',
  ideas: 'inspiration',
  course: 'training',
  courses: 'classes',
  tool: 'software',
  tools: 'software',
  free: 'no-cost',
  marketing: 'promotion',
  developer: 'programmer',
  developers: 'programmers',
  price: 'cost',
  prices: 'rates',
  cost: 'price',
  reviews: 'ratings',
  car: 'vehicle',
  cars: 'vehicles',
  home: 'house',
  phone: 'mobile',
  doctor: 'physician',
  lawyer: 'attorney',
  lawyers: 'attorneys',
  restaurant: 'eatery',
  job: 'career',
  jobs: 'careers',
  clothes: 'apparel',
  shoes: 'footwear',
  laptop: 'notebook',
  repair: 'servicing',
  near: 'close to',
};

const PREPOSITIONS = new Set(['in', 'near', 'for', 'at', 'of', 'with', 'to', 'from', 'by', 'on', 'around']);
const NO_PLURAL = /(?:ss|us|is|ics|ing|ed|ly|ful|ous|ive)$/;

function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /[A-Z]/.test(original)) {
    return replacement.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
  }
  if (/^[A-Z]/.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

function togglePlural(word: string): string | null {
  if (!/^[a-z]{3,}$/i.test(word) || word === word.toUpperCase()) return null;
  const lower = word.toLowerCase();
  if (/[^aeiou]ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|sses)$/.test(lower)) return word.slice(0, -2);
  if (lower.endsWith('s') && !NO_PLURAL.test(lower)) return word.slice(0, -1);
  if (NO_PLURAL.test(lower)) return null;
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  if (/(?:ch|sh|x|s|z)$/.test(lower)) return `${word}es`;
  return `${word}s`;
}

/** Up to four distinct rewordings of a keyword; none equals the keyword itself. */
export function lsiVariants(keyword: string): string[] {
  const words = keyword.split(' ');
  const variants: string[] = [];
  for (let index = 0; index < words.length && variants.length < 2; index += 1) {
    const replacement = SYNONYMS[words[index].toLowerCase()];
    if (!replacement) continue;
    const swapped = [...words];
    swapped[index] = matchCase(words[index], replacement);
    variants.push(swapped.join(' '));
  }
  // After a preposition the last word is usually a place or a target ("seo in delhi"), not a noun to pluralise.
  const hasPreposition = words.slice(0, -1).some((word) => PREPOSITIONS.has(word.toLowerCase()));
  const plural = hasPreposition ? null : togglePlural(words[words.length - 1]);
  if (plural) variants.push([...words.slice(0, -1), plural].join(' '));
  const joiner = words.findIndex((word, index) => index > 0 && index < words.length - 1 && /^(?:for|in)$/i.test(word));
  if (joiner > 0) variants.push([...words.slice(joiner + 1), ...words.slice(0, joiner)].join(' '));
  const seen = new Set([keyword.toLowerCase()]);
  return variants.filter((variant) => {
    const key = variant.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
