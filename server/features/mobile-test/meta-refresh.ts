/**
 * The address a `<meta http-equiv="refresh">` content sends the page to, as the HTML standard's
 * declarative refresh reads it (`0;url=/x`, `5; URL='/x'`, `0, /x`): undefined for a plain reload
 * (`30`), content that does not start with a delay, or an address that is not http(s).
 */
export function metaRefreshTarget(content: string, base: string): string | undefined {
  const match = /^\s*(\d*)(\.[\d.]*)?\s*[;,]?\s*(.*)$/s.exec(content);
  if (!match || (match[1] === '' && match[2] === undefined)) return undefined;
  let rest = match[3];
  const named = /^url\s*=\s*/i.exec(rest);
  if (named) rest = rest.slice(named[0].length);
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    rest = end === -1 ? rest.slice(1) : rest.slice(1, end);
  }
  if (rest.trim() === '') return undefined;
  try {
    const target = new URL(rest.trim(), base);
    return /^https?:$/.test(target.protocol) ? target.href : undefined;
  } catch {
    return undefined;
  }
}
