/**
 * Microdata (itemscope/itemtype/itemprop) and RDFa Lite (vocab/typeof/property) items, read
 * during the page-facts parser's one streaming pass and turned into JSON-LD-shaped objects, so
 * one validator reads all three formats. Only schema.org items are kept: an item of another
 * vocabulary is skipped with its properties (its children of schema.org still count).
 */
export type EmbeddedItem = Record<string, unknown>;

const SCHEMA_IRI = /^https?:\/\/schema\.org\/?/i;
/** Items kept per page: far past any real page, bounds a hostile one. */
export const MAX_EMBEDDED_ITEMS = 500;
/** Characters of an element's text kept as a property value (dates, names: short). */
const MAX_VALUE_CHARS = 200;

interface OpenItem {
  depth: number;
  /** null: an item of another vocabulary, or past the cap; its properties are dropped. */
  node: EmbeddedItem | null;
  format: 'microdata' | 'rdfa';
}

interface OpenText {
  depth: number;
  target: EmbeddedItem;
  names: string[];
  text: string;
}

function add(target: EmbeddedItem, name: string, value: unknown): void {
  const existing = target[name];
  if (existing === undefined) target[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[name] = [existing, value];
}

const words = (value: string | undefined) => (value ?? '').trim().split(/\s+/).filter(Boolean);

/** The value an element gives its property when it is not an item itself (microdata's rules). */
function attributeValue(name: string, attribs: Record<string, string>): string | undefined {
  if (attribs.content !== undefined) return attribs.content;
  if (name === 'time' && attribs.datetime !== undefined) return attribs.datetime;
  if ((name === 'a' || name === 'link' || name === 'area') && attribs.href !== undefined) return attribs.href;
  if (['img', 'audio', 'video', 'source', 'iframe', 'embed', 'track'].includes(name) && attribs.src !== undefined)
    return attribs.src;
  if (name === 'object' && attribs.data !== undefined) return attribs.data;
  if ((name === 'data' || name === 'meter') && attribs.value !== undefined) return attribs.value;
  return undefined;
}

export function createEmbeddedItemCollector() {
  const roots: EmbeddedItem[] = [];
  const items: OpenItem[] = [];
  const texts: OpenText[] = [];
  /** RDFa `vocab` attributes in force: depth and whether it is schema.org. */
  const vocabs: Array<{ depth: number; schema: boolean }> = [];
  let depth = 0;
  let count = 0;

  const parentOf = (format: OpenItem['format']) => {
    for (let index = items.length - 1; index >= 0; index -= 1) if (items[index].format === format) return items[index];
    return null;
  };

  function openItem(format: OpenItem['format'], types: string[], propertyNames: string[]): void {
    const parent = parentOf(format);
    const schema = types.length > 0 && count < MAX_EMBEDDED_ITEMS;
    const node: EmbeddedItem | null = schema ? { '@type': types.length === 1 ? types[0] : types } : null;
    if (node) count += 1;
    if (node && propertyNames.length > 0 && parent) {
      if (parent.node) for (const name of propertyNames) add(parent.node, name, node);
    } else if (node) {
      node['@context'] = 'https://schema.org';
      roots.push(node);
    }
    items.push({ depth, node, format });
  }

  function property(format: OpenItem['format'], tag: string, attribs: Record<string, string>, names: string[]) {
    const target = parentOf(format)?.node;
    if (!target) return;
    const value = attributeValue(tag, attribs);
    if (value !== undefined) for (const name of names) add(target, name, value.trim());
    else texts.push({ depth, target, names, text: '' });
  }

  return {
    open(tag: string, attribs: Record<string, string>): void {
      depth += 1;
      if (attribs.vocab !== undefined) vocabs.push({ depth, schema: SCHEMA_IRI.test(attribs.vocab) });
      // Microdata
      const itemprop = words(attribs.itemprop);
      if (attribs.itemscope !== undefined) {
        openItem(
          'microdata',
          words(attribs.itemtype).filter((type) => SCHEMA_IRI.test(type)),
          itemprop,
        );
      } else if (itemprop.length > 0) property('microdata', tag, attribs, itemprop);
      // RDFa Lite
      const rdfaProperty = words(attribs.property);
      if (attribs.typeof !== undefined) {
        const schemaVocab = vocabs.length > 0 && vocabs[vocabs.length - 1].schema;
        const types = words(attribs.typeof).filter(
          (type) => SCHEMA_IRI.test(type) || /^schema:/i.test(type) || (schemaVocab && !type.includes(':')),
        );
        openItem('rdfa', types, rdfaProperty);
      } else if (rdfaProperty.length > 0) property('rdfa', tag, attribs, rdfaProperty);
    },
    text(text: string): void {
      for (const open of texts)
        if (open.text.length < MAX_VALUE_CHARS) open.text += text.slice(0, MAX_VALUE_CHARS - open.text.length);
    },
    close(): void {
      while (texts.length > 0 && texts[texts.length - 1].depth === depth) {
        const open = texts.pop()!;
        for (const name of open.names) add(open.target, name, open.text.replace(/\s+/g, ' ').trim());
      }
      while (items.length > 0 && items[items.length - 1].depth === depth) items.pop();
      while (vocabs.length > 0 && vocabs[vocabs.length - 1].depth === depth) vocabs.pop();
      depth -= 1;
    },
    /** The top-level items found, each with an `@context` of schema.org. */
    items(): EmbeddedItem[] {
      return roots;
    },
  };
}
