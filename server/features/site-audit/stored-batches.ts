import type { Db } from '#db/index.ts';
import { readNodeBatch, readNodesById, readStartNodes, type StoredNode } from '#db/site-audit-batch-reads.ts';
import { decodeRecord, nodeOf } from './record-codec.ts';
import type { BatchReader } from './rules/batched.ts';
import type { UrlNode } from './store.ts';

/*
 * The batched analysis's reader over an audit's crawl store (decision 0059): URLs and records as the
 * crawl wrote them, a batch at a time; nothing is kept between calls.
 */

/** `decoded` hears each record decoded (a test counts what one batch holds). */
export function storedBatchReader(
  db: Db,
  auditId: string,
  hooks: { decoded?: (id: number) => void } = {},
): BatchReader {
  const toNode = ({ url, record }: StoredNode): UrlNode => {
    if (record === null) return nodeOf(url, null);
    hooks.decoded?.(url.id);
    return nodeOf(url, decodeRecord(record));
  };
  return {
    batch: async (afterId, limit) => (await readNodeBatch(db, auditId, { afterId, limit })).map(toNode),
    nodes: async (ids, records) =>
      ids.length === 0 ? [] : (await readNodesById(db, auditId, ids, records)).map(toNode),
    starts: async () => (await readStartNodes(db, auditId)).map(toNode),
  };
}
