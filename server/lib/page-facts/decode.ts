/** Decodes an HTML body using the charset from the header or a <meta charset>, falling back to UTF-8. */
export function decodeHtml(body: Buffer, contentType: string | undefined): string {
  const fromHeader = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  const label = (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export function isHtmlContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /text\/html|application\/xhtml\+xml/i.test(contentType);
}
