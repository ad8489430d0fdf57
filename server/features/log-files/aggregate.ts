import type { Db } from '#db/index.ts';
import { addDays, type DayCount } from '#db/log-file-days.ts';
import { addHits, HIT_BATCH_ROWS } from '#db/log-file-hits.ts';
import { LOG_FILE_BOTS, OTHER_CLIENTS } from '#views/model/log-file-bots.ts';
import { detached } from './log-fields.ts';
import { compareRows, createRuns, mergeRuns, type RunRow } from './runs.ts';

/**
 * Counts in memory, bounded: per (URL, bot, verified, status) for bots, per (day, bot, verified,
 * status) for every line. A table of counts is flushed when it holds FLUSH_ENTRIES rows or its URLs
 * FLUSH_KEY_CHARS characters, so memory stays bounded whatever the size of the log or the number of
 * its distinct URLs: the days to the database (a few thousand rows, added up there), the URLs as a
 * sorted run on disk (runs.ts), all runs merged into their final rows when the log has been read.
 * Counts sit in typed arrays (a row is an index) rather than one object each: ten million lines
 * make little garbage.
 */
export const FLUSH_ENTRIES = 100_000;
export const FLUSH_KEY_CHARS = 8 * 1024 * 1024;

/** Where a log's URL runs are written, and (tests) smaller tables, to flush often. */
export interface AggregatorOptions {
  runsDir: string;
  flushEntries?: number;
  flushKeyChars?: number;
}

const DAY_MS = 86_400_000;

/**
 * The (bot, verified, status) of a hit as one number: bots by catalogue index (0 for OTHER_CLIENTS),
 * then verified, then the status.
 */
const BOTS = [OTHER_CLIENTS, ...LOG_FILE_BOTS.map((bot) => bot.id)];
const BOT_INDEX = new Map(BOTS.map((bot, index) => [bot, index]));
const combo = (bot: string, verified: boolean, status: number) =>
  ((BOT_INDEX.get(bot) ?? 0) * 2 + (verified ? 1 : 0)) * 1000 + status;
function uncombo(key: number): { bot: string; verified: boolean; status: number } {
  const status = key % 1000;
  const rest = (key - status) / 1000;
  return { bot: BOTS[rest >> 1]!, verified: (rest & 1) === 1, status };
}

/**
 * Up to FLUSH_ENTRIES rows of counts keyed by a (bot, verified, status) number and a text, in
 * columns. The key is looked up in two maps (the number's, then the text's) rather than joined into
 * one string: a string made for each line was the aggregation's largest cost.
 */
function countTable(limits: { entries: number; chars: number }) {
  const index = new Map<number, Map<string, number>>();
  let rows = 0;
  // Sized for the limit; a batch that passes it before the next flush grows them.
  let capacity = limits.entries;
  let hits = new Float64Array(capacity);
  let bytes = new Float64Array(capacity);
  let first = new Float64Array(capacity);
  let last = new Float64Array(capacity);
  let combos = new Float64Array(capacity);
  const keptTexts: string[] = [];
  let chars = 0;
  const grown = (column: Float64Array) => {
    const bigger = new Float64Array(capacity);
    bigger.set(column);
    return bigger;
  };
  return {
    add(comboKey: number, text: string, time: number, size: number): void {
      let byText = index.get(comboKey);
      if (!byText) index.set(comboKey, (byText = new Map()));
      let row = byText.get(text);
      if (row === undefined) {
        row = rows++;
        if (row >= capacity) {
          capacity *= 2;
          [hits, bytes, first, last, combos] = [grown(hits), grown(bytes), grown(first), grown(last), grown(combos)];
        }
        const kept = detached(text);
        byText.set(kept, row);
        keptTexts[row] = kept;
        chars += kept.length;
        combos[row] = comboKey;
        hits[row] = 0;
        bytes[row] = 0;
        first[row] = time;
        last[row] = time;
      }
      hits[row]++;
      bytes[row] += size;
      if (time < first[row]!) first[row] = time;
      if (time > last[row]!) last[row] = time;
    },
    full: () => rows >= limits.entries || chars >= limits.chars,
    size: () => rows,
    /** Every row, then empty. */
    drain<T>(
      row: (text: string, comboKey: number, counts: { hits: number; bytes: number; first: number; last: number }) => T,
    ): T[] {
      const drained: T[] = [];
      for (let n = 0; n < rows; n++)
        drained.push(
          row(keptTexts[n]!, combos[n]!, { hits: hits[n]!, bytes: bytes[n]!, first: first[n]!, last: last[n]! }),
        );
      index.clear();
      keptTexts.length = 0;
      rows = 0;
      chars = 0;
      return drained;
    },
  };
}

export function createAggregator(db: Db, logId: string, options: AggregatorOptions) {
  const limits = { entries: options.flushEntries ?? FLUSH_ENTRIES, chars: options.flushKeyChars ?? FLUSH_KEY_CHARS };
  const urls = countTable(limits);
  const days = countTable(limits);
  const runs = createRuns(options.runsDir);
  let lastDay = Number.NaN;
  let lastDayName = '';
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;

  async function flush(): Promise<void> {
    if (urls.size() > 0) {
      const rows = urls.drain<RunRow>((text, combo, { hits, bytes, first, last }) => ({
        text,
        combo,
        hits,
        bytes,
        first,
        last,
      }));
      await runs.write(rows.sort(compareRows));
    }
    if (days.size() > 0) {
      const rows = days.drain<DayCount>((day, key, counts) => ({
        day,
        ...uncombo(key),
        hits: counts.hits,
        bytes: counts.bytes,
      }));
      await addDays(db, logId, rows);
    }
  }

  /** The runs merged, each (URL, bot, verified, status) stored once. */
  async function store(): Promise<void> {
    for await (const batch of mergeRuns(runs.files(), HIT_BATCH_ROWS))
      await addHits(
        db,
        logId,
        batch.map((row) => ({
          url: row.text,
          ...uncombo(row.combo),
          hits: row.hits,
          bytes: row.bytes,
          firstSeen: row.first,
          lastSeen: row.last,
        })),
      );
    await runs.remove();
  }

  return {
    /** One line's hit: `bot` a bot id or OTHER_CLIENTS (whose URLs are not kept). */
    add(record: { url: string; time: number; status: number; bytes: number }, bot: string, verified: boolean): void {
      const { time, bytes } = record;
      const key = combo(bot, verified, record.status);
      const dayIndex = Math.floor(time / DAY_MS);
      if (dayIndex !== lastDay) {
        lastDay = dayIndex;
        lastDayName = new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);
      }
      days.add(key, lastDayName, time, bytes);
      if (bot !== OTHER_CLIENTS) urls.add(key, record.url, time, bytes);
      if (time < first) first = time;
      if (time > last) last = time;
    },
    /** Whether the tables are due to be flushed (the caller awaits `flush` between batches). */
    full: () => urls.full() || days.full(),
    flush,
    /** The last flush, then the URL runs merged into their final rows: the log has been read. */
    async finish(): Promise<void> {
      await flush();
      await store();
    },
    /** The first and last time seen, or null before any line. */
    range(): { from: number; to: number } | null {
      return first <= last ? { from: first, to: last } : null;
    },
  };
}
