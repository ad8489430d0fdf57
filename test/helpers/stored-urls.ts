import { URL_STATE, type StoredUrl } from '#db/site-audit-urls.ts';

/** A URL of a running audit as the crawl meets it: queued in order `seq` = id, at depth 1, nothing answered yet. */
export function queuedUrl(origin: string, id: number, path = `/p${id}`): StoredUrl {
  return {
    id,
    url: `${origin}${path}`,
    state: URL_STATE.queued,
    seq: id,
    depth: 1,
    start: false,
    status: 0,
    error: null,
    skipped: null,
    redirectTo: -1,
    redirectExternal: null,
    ttfbMs: 0,
    contentType: '',
    bytes: -1,
    inSitemap: false,
    loadedAs: 0,
    htmlMislabelled: false,
  };
}
