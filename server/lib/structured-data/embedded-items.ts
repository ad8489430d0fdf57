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
/** Property values kept per page (items included); later ones are dropped. */
export const MAX_EMBEDDED_VALUES = 5000;
/** Characters of an element's text kept as a property value (dates, names: short). */
export const MAX_VALUE_CHARS = 200;
/**
 * Property elements whose text is being collected at once (each text node is added to each):
 * bounds the work of thousands of nested ones. Deeper ones count with an empty value.
 */
export const MAX_OPEN_TEXT_VALUES = 32;

type Format = 'microdata' | 'rdfa';

interface OpenItem {
  depth: number;
  /** null: an item of another vocabulary, or past the cap; its properties are dropped. */
  node: EmbeddedItem | null;
}

interface OpenText {
  depth: number;
  target: EmbeddedItem;
  names: string[];
  text: string;
}

const words = (value: string | undefined) => (value ?? '').trim().split(/\s+/).filter(Boolean);
const MEDIA_TAGS = new Set(['img', 'audio', 'video', 'source', 'iframe', 'embed', 'track']);

/** The value an element gives its property when it is not an item itself (microdata's rules). */
function attributeValue(name: string, attribs: Record<string, string>): string | undefined {
  if (attribs.content !== undefined) return attribs.content;
  if (name === 'time' && attribs.datetime !== undefined) return attribs.datetime;
  if ((name === 'a' || name === 'link' || name === 'area') && attribs.href !== undefined) return attribs.href;
  if (MEDIA_TAGS.has(name) && attribs.src !== undefined) return attribs.src;
  if (name === 'object' && attribs.data !== undefined) return attribs.data;
  if ((name === 'data' || name === 'meter') && attribs.value !== undefined) return attribs.value;
  return undefined;
}

export function createEmbeddedItemCollector() {
  const roots: EmbeddedItem[] = [];
  const open: Record<Format, OpenItem[]> = { microdata: [], rdfa: [] };
  const texts: OpenText[] = [];
  /** RDFa `vocab` attributes in force: depth and whether it is schema.org. */
  const vocabs: Array<{ depth: number; schema: boolean }> = [];
  let depth = 0;
  let items = 0;
  let values = 0;

  function add(target: EmbeddedItem, name: string, value: unknown): void {
    if (values >= MAX_EMBEDDED_VALUES) return;
    values += 1;
    const existing = target[name];
    if (existing === undefined) target[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else target[name] = [existing, value];
  }

  const parentOf = (format: Format) => open[format][open[format].length - 1]?.node ?? null;

  function openItem(format: Format, types: string[], propertyNames: string[]): void {
    const stack = open[format];
    const parent = stack.length > 0 ? stack[stack.length - 1] : null;
    const node: EmbeddedItem | null =
      types.length > 0 && items < MAX_EMBEDDED_ITEMS ? { '@type': types.length === 1 ? types[0] : types } : null;
    if (node) items += 1;
    if (node && propertyNames.length > 0 && parent) {
      if (parent.node) for (const name of propertyNames) add(parent.node, name, node);
    } else if (node) {
      node['@context'] = 'https://schema.org';
      roots.push(node);
    }
    stack.push({ depth, node });
  }

  function property(format: Format, tag: string, attribs: Record<string, string>, names: string[]): void {
    const target = parentOf(format);
    if (!target) return;
    const value = attributeValue(tag, attribs);
    if (value !== undefined) for (const name of names) add(target, name, value.trim().slice(0, MAX_VALUE_CHARS));
    else if (texts.length < MAX_OPEN_TEXT_VALUES) texts.push({ depth, target, names, text: '' });
    else for (const name of names) add(target, name, '');
  }

  return {
    open(tag: string, attribs: Record<string, string>): void {
      depth += 1;
      // Most elements carry none of the attributes: nothing to do.
      if (
        attribs.itemscope === undefined &&
        attribs.itemprop === undefined &&
        attribs.typeof === undefined &&
        attribs.property === undefined &&
        attribs.vocab === undefined
      )
        return;
      if (attribs.vocab !== undefined) vocabs.push({ depth, schema: SCHEMA_IRI.test(attribs.vocab) });
      // Microdata
      const itemprop = words(attribs.itemprop);
      if (attribs.itemscope !== undefined) {
        const types = words(attribs.itemtype).filter((type) => SCHEMA_IRI.test(type));
        openItem('microdata', types, itemprop);
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
      for (const value of texts)
        if (value.text.length < MAX_VALUE_CHARS) value.text += text.slice(0, MAX_VALUE_CHARS - value.text.length);
    },
    close(): void {
      if (texts.length + open.microdata.length + open.rdfa.length + vocabs.length === 0) {
        depth -= 1;
        return;
      }
      while (texts.length > 0 && texts[texts.length - 1].depth === depth) {
        const value = texts.pop()!;
        for (const name of value.names) add(value.target, name, value.text.replace(/\s+/g, ' ').trim());
      }
      for (const stack of [open.microdata, open.rdfa])
        while (stack.length > 0 && stack[stack.length - 1].depth === depth) stack.pop();
      while (vocabs.length > 0 && vocabs[vocabs.length - 1].depth === depth) vocabs.pop();
      depth -= 1;
    },
    /** The top-level items found, each with an `@context` of schema.org. */
    items(): EmbeddedItem[] {
      return roots;
    },
  };
}
