import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the rows each read of `table` returns through the database it is plugged into
 * (`db.withPlugin(reads.plugin)`): how a test shows that a report reads a bounded number of rows.
 * Raw `sql` reads are seen too (their text names the table).
 */
export function rowReads(table: string) {
  const rows: number[] = [];
  const watched = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const node = args.node;
      const reads = node.kind === 'SelectQueryNode' || node.kind === 'RawNode';
      if (reads && JSON.stringify(node).includes(node.kind === 'RawNode' ? table : `"${table}"`))
        watched.add(args.queryId);
      return node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (watched.has(args.queryId)) rows.push(args.result.rows.length);
      return args.result;
    },
  };
  return { plugin, rows };
}
