/**
 * Scripts and stylesheets an audit's pages share (a site's one bundle), kept once per audit so that
 * rendering a thousand pages fetches the bundle once: politer to the site and far faster. Bounded in
 * bytes; once full, nothing more is kept.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ResourceCache {
  get(url: string): CachedResponse | undefined;
  put(url: string, resourceType: string, response: CachedResponse): void;
  readonly bytes: number;
}

const CACHED_TYPES = new Set(['script', 'stylesheet']);

export function createResourceCache(maxBytes: number, maxEntryBytes = 2 * 1024 * 1024): ResourceCache {
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;
  return {
    get: (url) => entries.get(url),
    put(url, resourceType, response) {
      if (!CACHED_TYPES.has(resourceType) || entries.has(url)) return;
      const size = response.body.length;
      if (size > maxEntryBytes || bytes + size > maxBytes) return;
      entries.set(url, response);
      bytes += size;
    },
    get bytes() {
      return bytes;
    },
  };
}
