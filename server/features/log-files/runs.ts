import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileLines } from './read.ts';

/**
 * An external merge sort of a log's URL counts (docs/decisions/0055): each flush of the bounded
 * table is written as a run, sorted by (text, combo), to a file beside the staged upload; once the
 * log is read the runs are merged in one pass, rows of the same key summed, so the database gets
 * each final row once. Writing every flush to the database and merging there with a GROUP BY cost
 * more than half of a 10,000,000-line analysis: bots' lines rarely repeat a key within one flush,
 * so nearly every line became a stored part row.
 *
 * A run is text, a row a line: `text \t combo \t hits \t bytes \t first \t last`. The texts are
 * request targets (log-fields.ts `requestTarget`), which never hold a tab or a line end.
 */
export interface RunRow {
  text: string;
  combo: number;
  hits: number;
  bytes: number;
  first: number;
  last: number;
}

/** What each run's reader holds in memory: the merge of hundreds of runs stays small. */
const RUN_READ_BYTES = 64 * 1024;

/** Orders rows by text (UTF-16 code units: the texts are ASCII, so the databases' byte order too), then combo. */
export function compareRows(a: RunRow, b: RunRow): number {
  if (a.text !== b.text) return a.text < b.text ? -1 : 1;
  return a.combo - b.combo;
}

/** A directory of runs, emptied when first written (a try after a stopped one starts clean). */
export function createRuns(dir: string) {
  const files: string[] = [];
  return {
    files: (): readonly string[] => files,
    /** Rows already sorted by `compareRows`, each key once. */
    async write(rows: readonly RunRow[]): Promise<void> {
      if (files.length === 0) {
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
      }
      const file = join(dir, `run-${files.length}.tsv`);
      const lines = rows.map(
        (row) => `${row.text}\t${row.combo}\t${row.hits}\t${row.bytes}\t${row.first}\t${row.last}\n`,
      );
      await writeFile(file, lines.join(''));
      files.push(file);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

function parseRow(line: string): RunRow {
  const a = line.indexOf('\t');
  const b = line.indexOf('\t', a + 1);
  const c = line.indexOf('\t', b + 1);
  const d = line.indexOf('\t', c + 1);
  const e = line.indexOf('\t', d + 1);
  return {
    text: line.slice(0, a),
    combo: Number(line.slice(a + 1, b)),
    hits: Number(line.slice(b + 1, c)),
    bytes: Number(line.slice(c + 1, d)),
    first: Number(line.slice(d + 1, e)),
    last: Number(line.slice(e + 1)),
  };
}

/** One run's rows, a read at a time: `row` is its current row, `step` moves on without awaiting while it can. */
class RunCursor {
  row!: RunRow;
  private batch: string[] = [];
  private at = 0;
  constructor(private readonly lines: AsyncGenerator<string[]>) {}

  /** The next row from the lines in hand; false when they are used up (then `refill`). */
  step(): boolean {
    while (this.at < this.batch.length) {
      const line = this.batch[this.at++]!;
      if (line) {
        this.row = parseRow(line);
        return true;
      }
    }
    return false;
  }

  /** The next row, reading on; false at the run's end. */
  async next(): Promise<boolean> {
    while (!this.step()) {
      const read = await this.lines.next();
      if (read.done) return false;
      this.batch = read.value;
      this.at = 0;
    }
    return true;
  }
}

/** A binary min-heap of cursors by their current row. */
function siftDown(heap: RunCursor[], from: number): void {
  let at = from;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= heap.length) return;
    const right = left + 1;
    const least = right < heap.length && compareRows(heap[right]!.row, heap[left]!.row) < 0 ? right : left;
    if (compareRows(heap[least]!.row, heap[at]!.row) >= 0) return;
    [heap[at], heap[least]] = [heap[least]!, heap[at]!];
    at = least;
  }
}

/** Every key of the runs once, in order, its counts summed (first seen the least, last seen the most), `batchRows` at a time. */
export async function* mergeRuns(files: readonly string[], batchRows: number): AsyncGenerator<RunRow[]> {
  const heap: RunCursor[] = [];
  for (const file of files) {
    const cursor = new RunCursor(fileLines(file, { chunkBytes: RUN_READ_BYTES }));
    if (await cursor.next()) heap.push(cursor);
  }
  for (let at = (heap.length >> 1) - 1; at >= 0; at--) siftDown(heap, at);
  let batch: RunRow[] = [];
  let open: RunRow | undefined;
  while (heap.length > 0) {
    const top = heap[0]!;
    const row = top.row;
    if (open && open.text === row.text && open.combo === row.combo) {
      open.hits += row.hits;
      open.bytes += row.bytes;
      if (row.first < open.first) open.first = row.first;
      if (row.last > open.last) open.last = row.last;
    } else {
      if (open) batch.push(open);
      open = row;
    }
    if (!top.step() && !(await top.next())) {
      // The run has ended: the heap's last cursor takes its place.
      const moved = heap.pop()!;
      if (moved !== top) heap[0] = moved;
    }
    siftDown(heap, 0);
    if (batch.length >= batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (open) batch.push(open);
  if (batch.length > 0) yield batch;
}
