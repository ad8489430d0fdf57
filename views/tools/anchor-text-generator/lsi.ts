/**
 * LSI-style variants: the same intent in other words, the way related searches phrase it. A
 * small hand-made thesaurus of words common in commercial keywords, a singular/plural switch on
 * known nouns only, and the "X for Y" / "X in Y" reorderings people actually type.
 */
// Only swaps that read naturally wherever the word appears ("home" → "house" would turn "home
// page" into "house page"; "online" → "on the internet" breaks "online marketing").
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
  expert: 'specialist',
  experts: 'specialists',
  consultant: 'advisor',
  consultants: 'advisors',
  best: 'top',
  cheap: 'low cost',
  affordable: 'budget-friendly',
  buy: 'shop for',
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
  developer: 'programmer',
  developers: 'programmers',
  price: 'cost',
  prices: 'rates',
  cost: 'price',
  reviews: 'ratings',
  car: 'vehicle',
  cars: 'vehicles',
  phone: 'mobile',
  doctor: 'physician',
  lawyer: 'attorney',
  lawyers: 'attorneys',
  restaurant: 'eatery',
  clothes: 'apparel',
  shoes: 'footwear',
  laptop: 'notebook',
  repair: 'servicing',
  near: 'close to',
};

const PREPOSITIONS = new Set(['in', 'near', 'for', 'at', 'of', 'with', 'to', 'from', 'by', 'on', 'around']);

/**
 * Nouns whose number may be switched, as singular → plural. Only these: an unknown last word is
 * as likely a place ("delhi", "laxmi nagar"), a brand or an adjective as a noun, and adding an "s"
 * to it is how anchors like "seo services delhis" happen.
 */
const NOUN_PLURALS: Record<string, string> = {
  service: 'services',
  solution: 'solutions',
  company: 'companies',
  agency: 'agencies',
  firm: 'firms',
  expert: 'experts',
  specialist: 'specialists',
  consultant: 'consultants',
  advisor: 'advisors',
  professional: 'professionals',
  freelancer: 'freelancers',
  developer: 'developers',
  programmer: 'programmers',
  designer: 'designers',
  writer: 'writers',
  marketer: 'marketers',
  website: 'websites',
  site: 'sites',
  app: 'apps',
  tool: 'tools',
  template: 'templates',
  plugin: 'plugins',
  theme: 'themes',
  guide: 'guides',
  tutorial: 'tutorials',
  tip: 'tips',
  idea: 'ideas',
  course: 'courses',
  class: 'classes',
  book: 'books',
  institute: 'institutes',
  academy: 'academies',
  school: 'schools',
  college: 'colleges',
  coach: 'coaches',
  tutor: 'tutors',
  trainer: 'trainers',
  price: 'prices',
  rate: 'rates',
  package: 'packages',
  plan: 'plans',
  deal: 'deals',
  offer: 'offers',
  review: 'reviews',
  product: 'products',
  shop: 'shops',
  store: 'stores',
  supplier: 'suppliers',
  manufacturer: 'manufacturers',
  dealer: 'dealers',
  distributor: 'distributors',
  exporter: 'exporters',
  wholesaler: 'wholesalers',
  retailer: 'retailers',
  provider: 'providers',
  car: 'cars',
  vehicle: 'vehicles',
  bike: 'bikes',
  phone: 'phones',
  laptop: 'laptops',
  notebook: 'notebooks',
  shoe: 'shoes',
  doctor: 'doctors',
  physician: 'physicians',
  dentist: 'dentists',
  clinic: 'clinics',
  hospital: 'hospitals',
  lawyer: 'lawyers',
  attorney: 'attorneys',
  accountant: 'accountants',
  architect: 'architects',
  contractor: 'contractors',
  builder: 'builders',
  plumber: 'plumbers',
  electrician: 'electricians',
  photographer: 'photographers',
  caterer: 'caterers',
  salon: 'salons',
  gym: 'gyms',
  restaurant: 'restaurants',
  eatery: 'eateries',
  cafe: 'cafes',
  hotel: 'hotels',
  apartment: 'apartments',
  flat: 'flats',
  property: 'properties',
  house: 'houses',
  office: 'offices',
  job: 'jobs',
  career: 'careers',
  vacancy: 'vacancies',
  loan: 'loans',
  policy: 'policies',
  tour: 'tours',
  flight: 'flights',
  gift: 'gifts',
};
const NOUN_SINGULARS: Record<string, string> = Object.fromEntries(
  Object.entries(NOUN_PLURALS).map(([one, many]) => [many, one]),
);

function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /[A-Z]/.test(original)) {
    return replacement.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
  }
  if (/^[A-Z]/.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** The other number of a listed noun, in the word's own case; null for any other word. */
function otherNumber(word: string): string | null {
  const lower = word.toLowerCase();
  const other = NOUN_PLURALS[lower] ?? NOUN_SINGULARS[lower];
  return other ? matchCase(word, other) : null;
}

/**
 * The phrase with its head noun's number switched ("seo company delhi" → "seo companies delhi"):
 * the last listed noun before any preposition, so "shoes for running" turns "shoes", never "running".
 */
function switchNumber(words: readonly string[]): string | null {
  const preposition = words.findIndex((word, index) => index > 0 && PREPOSITIONS.has(word.toLowerCase()));
  const head = preposition > 0 ? words.slice(0, preposition) : words;
  for (let index = head.length - 1; index >= 0; index -= 1) {
    const other = otherNumber(head[index]);
    if (other) return [...words.slice(0, index), other, ...words.slice(index + 1)].join(' ');
  }
  return null;
}

const LEADING_MODIFIERS = new Set([
  'best',
  'top',
  'cheap',
  'affordable',
  'trusted',
  'professional',
  'free',
  'online',
  'local',
]);
const PRONOUNS = new Set(['me', 'you', 'him', 'her', 'us', 'them', 'it', 'my', 'your', 'his', 'our', 'their']);

/**
 * "seo services in delhi" → "delhi seo services", "shoes for running" → "running shoes"; a leading
 * "best"/"top"/... stays in front ("best delhi seo company"), and "gifts for her" is left alone.
 */
function reorder(words: readonly string[]): string | null {
  const joiner = words.findIndex((word, index) => index > 0 && index < words.length - 1 && /^(?:for|in)$/i.test(word));
  if (joiner <= 0) return null;
  const tail = words.slice(joiner + 1);
  if (PRONOUNS.has(tail[0].toLowerCase())) return null;
  const head = words.slice(0, joiner);
  const lead = head.length > 1 && LEADING_MODIFIERS.has(head[0].toLowerCase()) ? head.slice(0, 1) : [];
  return [...lead, ...tail, ...head.slice(lead.length)].join(' ');
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
  const switched = switchNumber(words);
  if (switched) variants.push(switched);
  const reordered = reorder(words);
  if (reordered) variants.push(reordered);
  const seen = new Set([keyword.toLowerCase()]);
  return variants.filter((variant) => {
    const key = variant.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
