import { URL_STATE, type StoredUrl } from '#db/site-audit-urls.ts';
import { storedUrlOf } from '#server/features/site-audit/record-codec.ts';
import { newNode } from '#server/features/site-audit/store.ts';

/** A URL of a running audit as the crawl meets it: queued in order `seq` = id, at depth 1, nothing answered yet. */
export function queuedUrl(origin: string, id: number, path = `/p${id}`): StoredUrl {
  return storedUrlOf(newNode(id, `${origin}${path}`), { state: URL_STATE.queued, seq: id, depth: 1 });
}
