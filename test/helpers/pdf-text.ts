import { inflateSync } from 'node:zlib';

/*
 * The text of a PDF that pdfkit wrote, page by page, one entry per line it drew (each BT…ET block), read the way
 * a PDF reader does: page order from the page tree, each page's content stream inflated, hex strings decoded
 * through the font's ToUnicode map (an embedded TrueType font) or as WinAnsi (pdfkit's built-in Helvetica).
 * Enough for pdfkit's own output, not a general PDF parser.
 */

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('\nstream\n');
    if (at < 0) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const raw = Buffer.from(body.slice(at + '\nstream\n'.length, body.lastIndexOf('\nendstream')), 'latin1');
    const dict = body.slice(0, at);
    objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return objects;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

/** A ToUnicode CMap's codes (four hex digits) and what they stand for. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const char = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, first, values] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
    // A ligature's entry holds several characters: <0066 0069> is "fi".
    [...values!.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, hex], offset) =>
      map.set((parseInt(first!, 16) + offset).toString(16).padStart(4, '0'), char(hex!.replaceAll(' ', ''))),
    );
  }
  for (const [, code, hex] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>\s*$/gim))
    map.set(code!.toLowerCase(), char(hex!));
  return map;
}

// WinAnsi differs from Latin-1 in 0x80–0x9f; pdfkit writes these for typographic punctuation.
const WIN_ANSI: Record<number, string> = {
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function decode(hex: string, map: Map<string, string> | undefined): string {
  if (map) return (hex.toLowerCase().match(/.{4}/g) ?? []).map((code) => map.get(code) ?? '\ufffd').join('');
  return [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');
}

/** Each page's lines, in page order. */
export function pdfPages(pdf: Buffer): string[][] {
  const objects = objectsOf(pdf);
  const tree = [...objects.values()].find((object) => /\/Type \/Pages\b/.test(object.dict));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree?.dict ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );
  return kids.map((id) => {
    const page = objects.get(id)!.dict;
    const resources = objects.get(ref(page, 'Resources'))?.dict ?? '';
    const fonts = new Map<string, Map<string, string> | undefined>();
    for (const [, name, fontId] of (/\/Font <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '').matchAll(
      /\/(\w+) (\d+) 0 R/g,
    )) {
      const cmap = objects.get(ref(objects.get(Number(fontId))?.dict ?? '', 'ToUnicode'))?.stream;
      fonts.set(name!, cmap ? unicodeMap(cmap.toString('latin1')) : undefined);
    }
    const content = objects.get(ref(page, 'Contents'))?.stream?.toString('latin1') ?? '';
    // Each piece of text drawn, and how high on the page: pieces at the same height make one line.
    const pieces = [...content.matchAll(/BT\n([\s\S]*?)\nET/g)].map(([, block]) => {
      const font = fonts.get(/\/(\w+) [\d.]+ Tf/.exec(block!)?.[1] ?? '');
      const text = [...block!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => decode(hex!, font)).join('');
      return { y: /([\d.-]+) Tm/.exec(block!)?.[1], text };
    });
    const lines: string[] = [];
    pieces.forEach((piece, index) => {
      if (index > 0 && piece.y === pieces[index - 1]!.y) lines[lines.length - 1] += piece.text;
      else lines.push(piece.text);
    });
    return lines;
  });
}
