/**
 * Derives the compact schema.org vocabulary the site audit validates structured data against
 * (server/lib/structured-data/schema-org-vocabulary.json) from schema.org's own release file.
 *
 *   npx tsx scripts/structured-data-vocabulary.ts <schemaorg-all-https.jsonld> <release> [commit]
 *
 * The input is data/releases/<release>/schemaorg-all-https.jsonld of github.com/schemaorg/schemaorg
 * ("all" = core, pending and extensions plus the attic of retired terms, so old but once-valid
 * markup is not called unknown). Kept per term: only names (no comments, no labels) — the types
 * with their direct parents, the properties with the types they belong to (domainIncludes), and
 * the properties whose values can only be a Date or DateTime (checked for ISO 8601).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT = join(
  dirname(fileURLToPath(import.meta.url)),
  '../server/lib/structured-data/schema-org-vocabulary.json',
);

interface Term {
  '@id': string;
  '@type': string | string[];
  'rdfs:subClassOf'?: Ref | Ref[];
  'schema:domainIncludes'?: Ref | Ref[];
  'schema:rangeIncludes'?: Ref | Ref[];
}
interface Ref {
  '@id': string;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const schemaName = (id: string) => (id.startsWith('schema:') ? id.slice('schema:'.length) : null);
const names = (refs: Ref | Ref[] | undefined) =>
  list(refs)
    .map((ref) => schemaName(ref['@id']))
    .filter((name): name is string => name !== null)
    .sort();

function build(file: string, release: string, commit: string) {
  const graph = (JSON.parse(readFileSync(file, 'utf8')) as { '@graph': Term[] })['@graph'];
  const types: Record<string, string[]> = {};
  const properties: Record<string, string[]> = {};
  const dateProperties: string[] = [];
  for (const term of graph) {
    const name = schemaName(term['@id']);
    if (name === null) continue;
    const kinds = list(term['@type']);
    if (kinds.includes('rdfs:Class')) types[name] = names(term['rdfs:subClassOf']);
    if (kinds.includes('rdf:Property')) {
      properties[name] = names(term['schema:domainIncludes']);
      const range = names(term['schema:rangeIncludes']);
      if (range.length > 0 && range.every((type) => type === 'Date' || type === 'DateTime')) dateProperties.push(name);
    }
  }
  const sorted = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    source: `https://github.com/schemaorg/schemaorg/blob/${commit}/data/releases/${release}/schemaorg-all-https.jsonld`,
    release,
    types: sorted(types),
    properties: sorted(properties),
    dateProperties: dateProperties.sort(),
  };
}

const [file, release, commit = 'main'] = process.argv.slice(2);
if (!file || !release) {
  process.stderr.write(
    'Usage: tsx scripts/structured-data-vocabulary.ts <schemaorg-all-https.jsonld> <release> [commit]\n',
  );
  process.exit(2);
}
const vocabulary = build(file, release, commit);
writeFileSync(OUTPUT, `${JSON.stringify(vocabulary)}\n`);
process.stdout.write(
  `${OUTPUT}: ${Object.keys(vocabulary.types).length} types, ${Object.keys(vocabulary.properties).length} properties, ${vocabulary.dateProperties.length} date properties\n`,
);
