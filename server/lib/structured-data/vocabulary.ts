import data from './schema-org-vocabulary.json' with { type: 'json' };

/**
 * The schema.org vocabulary, derived from schema.org's own release file by
 * scripts/structured-data-vocabulary.ts (the JSON names its source and release).
 */
export interface Vocabulary {
  release: string;
  /** Every schema.org type with itself and all its ancestors. */
  ancestors: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every schema.org property with the types it is declared on (domainIncludes). */
  domains: ReadonlyMap<string, readonly string[]>;
  /** Properties whose values can only be a Date or DateTime. */
  dateProperties: ReadonlySet<string>;
  /** Type and property names by their lower-case spelling, to suggest the right capitals. */
  spellings: { types: ReadonlyMap<string, string>; properties: ReadonlyMap<string, string> };
}

interface VocabularyData {
  release: string;
  types: Record<string, string[]>;
  properties: Record<string, string[]>;
  dateProperties: string[];
}

export function buildVocabulary(source: VocabularyData): Vocabulary {
  const ancestors = new Map<string, Set<string>>();
  const walk = (type: string, into: Set<string>) => {
    if (into.has(type)) return;
    into.add(type);
    for (const parent of source.types[type] ?? []) walk(parent, into);
  };
  for (const type of Object.keys(source.types)) {
    const into = new Set<string>();
    walk(type, into);
    ancestors.set(type, into);
  }
  const byLowerCase = (names: string[]) => new Map(names.map((name) => [name.toLowerCase(), name]));
  const spellings = {
    types: byLowerCase(Object.keys(source.types)),
    properties: byLowerCase(Object.keys(source.properties)),
  };
  return {
    spellings,
    release: source.release,
    ancestors,
    domains: new Map(Object.entries(source.properties)),
    dateProperties: new Set(source.dateProperties),
  };
}

let loaded: Vocabulary | null = null;

/** The vocabulary, built on first use (once per process or worker thread). */
export function schemaOrgVocabulary(): Vocabulary {
  loaded ??= buildVocabulary(data as VocabularyData);
  return loaded;
}
