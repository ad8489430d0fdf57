import type { Db } from '#db/index.ts';
import { addDays, type DayCount } from '#db/log-file-days.ts';
import { addHits, type HitCount } from '#db/log-file-hits.ts';
import { OTHER_CLIENTS } from '#views/model/log-file-bots.ts';

/**
 * Counts in memory, added to the database in batches: per (URL, bot, verified, status) for bots, per
 * (day, bot, verified, status) for every line. Each map is flushed (added to the stored counts) when
 * it holds FLUSH_ENTRIES entries or FLUSH_KEY_CHARS characters of keys, so memory stays bounded
 * whatever the size of the log or the number of its distinct URLs.
 */
export const FLUSH_ENTRIES = 50_000;
export const FLUSH_KEY_CHARS = 8 * 1024 * 1024;

interface Cell {
  hits: number;
  bytes: number;
  first: number;
  last: number;
}

const DAY_MS = 86_400_000;

export interface Hit {
  url: string;
  time: number;
  status: number;
  bytes: number;
  /** A bot id, or OTHER_CLIENTS. */
  bot: string;
  verified: boolean;
}

export function createAggregator(db: Db, logId: string) {
  let urls = new Map<string, Cell>();
  let days = new Map<string, Cell>();
  let keyChars = 0;
  const dayNames = new Map<number, string>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;

  function dayOf(time: number): string {
    const index = Math.floor(time / DAY_MS);
    let name = dayNames.get(index);
    if (name === undefined) {
      name = new Date(index * DAY_MS).toISOString().slice(0, 10);
      if (dayNames.size > 10_000) dayNames.clear();
      dayNames.set(index, name);
    }
    return name;
  }

  function count(map: Map<string, Cell>, key: string, hit: Hit): boolean {
    const cell = map.get(key);
    if (cell) {
      cell.hits++;
      cell.bytes += hit.bytes;
      if (hit.time < cell.first) cell.first = hit.time;
      if (hit.time > cell.last) cell.last = hit.time;
      return false;
    }
    map.set(key, { hits: 1, bytes: hit.bytes, first: hit.time, last: hit.time });
    return true;
  }

  async function flushUrls(): Promise<void> {
    const rows: HitCount[] = [];
    for (const [key, cell] of urls) {
      const [url, bot, verified, status] = key.split('\t');
      rows.push({
        url: url!,
        bot: bot!,
        verified: verified === '1',
        status: Number(status),
        hits: cell.hits,
        bytes: cell.bytes,
        firstSeen: cell.first,
        lastSeen: cell.last,
      });
    }
    urls = new Map();
    keyChars = 0;
    await addHits(db, logId, rows);
  }

  async function flushDays(): Promise<void> {
    const rows: DayCount[] = [];
    for (const [key, cell] of days) {
      const [day, bot, verified, status] = key.split('\t');
      rows.push({
        day: day!,
        bot: bot!,
        verified: verified === '1',
        status: Number(status),
        hits: cell.hits,
        bytes: cell.bytes,
      });
    }
    days = new Map();
    await addDays(db, logId, rows);
  }

  return {
    add(hit: Hit): void {
      const tail = `\t${hit.bot}\t${hit.verified ? 1 : 0}\t${hit.status}`;
      count(days, dayOf(hit.time) + tail, hit);
      if (hit.bot !== OTHER_CLIENTS && count(urls, hit.url + tail, hit)) keyChars += hit.url.length + tail.length;
      if (hit.time < first) first = hit.time;
      if (hit.time > last) last = hit.time;
    },
    /** Whether the maps are due to be flushed (the caller awaits `flush` between batches). */
    full(): boolean {
      return urls.size >= FLUSH_ENTRIES || keyChars >= FLUSH_KEY_CHARS || days.size >= FLUSH_ENTRIES;
    },
    async flush(): Promise<void> {
      if (urls.size > 0) await flushUrls();
      if (days.size > 0) await flushDays();
    },
    /** The first and last time seen, or null before any line. */
    range(): { from: number; to: number } | null {
      return first <= last ? { from: first, to: last } : null;
    },
  };
}
