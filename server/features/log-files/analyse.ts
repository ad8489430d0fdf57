import { isIP } from 'node:net';
import type { Db } from '#db/index.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { OTHER_CLIENTS } from '#views/model/log-file-bots.ts';
import { createAggregator, type AggregatorOptions } from './aggregate.ts';
import { createBotClassifier, type BotRule } from './bots.ts';
import { DETECT_LINES, detectFormat, parserFor, type FormatId, type LineParser, type LogRecord } from './formats.ts';
import { fileLines } from './read.ts';
import type { Verifier } from './verify.ts';

/**
 * One log's lines through the formats, the bot classifier and the verifier into the aggregator: the
 * work of a `log-files` job (job.ts), in a job thread. Memory stays bounded: lines are read a chunk
 * at a time, and the counts are flushed to the database in batches.
 */
export interface StagedFile {
  /** Where the upload was written (under DATA_DIR). */
  path: string;
  name: string;
  bytes: number;
}

export interface AnalyseProgress {
  bytesRead: number;
  bytesTotal: number;
  lines: number;
}

export interface Analysis {
  formats: FormatId[];
  lines: number;
  unparsed: number;
  /** The first lines that did not parse, addresses masked, each cut to UNPARSED_SAMPLE_CHARS. */
  samples: string[];
  range: { from: number; to: number } | null;
}

export const UNPARSED_SAMPLES = 5;
export const UNPARSED_SAMPLE_CHARS = 300;
const PROGRESS_MS = 100;

const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
/** Runs of hex digits and colons; only those that are an IPv6 address are masked (not a time like 13:55:36). */
const IPV6_LIKE = /[0-9a-f:.]*:[0-9a-f:.]*:[0-9a-f:.]*/gi;

/** A line shown back to the uploader with every address in it masked: no address is ever stored. */
export function maskAddresses(line: string): string {
  return line
    .slice(0, UNPARSED_SAMPLE_CHARS)
    .replace(IPV4, '[address]')
    .replace(IPV6_LIKE, (run) => (isIP(run) === 6 ? '[address]' : run));
}

/** The file's parser from its first lines; a file none of whose first lines parse is no access log. */
async function detectFile(
  file: StagedFile,
  lines: AsyncGenerator<string[]>,
): Promise<{ parser: LineParser; head: string[] }> {
  const head: string[] = [];
  while (head.filter((line) => line.trim()).length < DETECT_LINES) {
    const next = await lines.next();
    if (next.done) break;
    head.push(...next.value);
  }
  const detection = detectFormat(head.filter((line) => line.trim()));
  if (!detection)
    throw new InvalidInputError(
      `${file.name} is not an access log: none of its first lines is in a format the analyser reads (nginx or Apache combined or common, JSON lines, W3C extended).`,
    );
  return { parser: parserFor(detection.format), head };
}

export async function analyseLog(
  files: readonly StagedFile[],
  deps: {
    db: Db;
    logId: string;
    verifier: Verifier;
    signal: AbortSignal;
    progress(progress: AnalyseProgress): void;
    /** Where the URL counts are spilled while the log is read (aggregate.ts). */
    counts: AggregatorOptions;
  },
): Promise<Analysis> {
  const aggregator = createAggregator(deps.db, deps.logId, deps.counts);
  const classify = createBotClassifier();
  const result: Analysis = { formats: [], lines: 0, unparsed: 0, samples: [], range: null };
  const bytesTotal = files.reduce((sum, file) => sum + file.bytes, 0);
  let bytesDone = 0;
  let bytesRead = 0;
  let reported = 0;
  // Progress crosses threads (a postMessage each): told every PROGRESS_MS, not for each batch of lines.
  const report = (last = false) => {
    const now = Date.now();
    if (!last && now - reported < PROGRESS_MS) return;
    reported = now;
    deps.progress({ bytesRead: bytesDone + bytesRead, bytesTotal, lines: result.lines });
  };

  /** A batch of lines: records counted at once, or after the DNS lookups their bot's verification needs. */
  async function count(parser: LineParser, lines: readonly string[]): Promise<void> {
    const waiting: Array<{ record: LogRecord; rule: BotRule }> = [];
    for (const raw of lines) {
      const record = parser.parse(raw);
      if (record === null) continue;
      result.lines++;
      if (!record) {
        result.unparsed++;
        if (result.samples.length < UNPARSED_SAMPLES) result.samples.push(maskAddresses(raw));
        continue;
      }
      const rule = record.userAgent ? classify(record.userAgent) : undefined;
      const verified = rule && deps.verifier.known(rule, record.ip);
      if (rule && verified === undefined) waiting.push({ record, rule });
      else aggregator.add(record, rule ? rule.id : OTHER_CLIENTS, verified === true);
    }
    if (waiting.length > 0) {
      await deps.verifier.lookup(waiting.map(({ rule, record }) => ({ rule, ip: record.ip })));
      for (const { record, rule } of waiting)
        aggregator.add(record, rule.id, deps.verifier.known(rule, record.ip) === true);
    }
    if (aggregator.full()) await aggregator.flush();
    report();
  }

  for (const file of files) {
    bytesRead = 0;
    const lines = fileLines(file.path, { signal: deps.signal, onRead: (bytes) => (bytesRead = bytes) });
    const { parser, head } = await detectFile(file, lines);
    if (!result.formats.includes(parser.format)) result.formats.push(parser.format);
    await count(parser, head);
    for await (const batch of lines) await count(parser, batch);
    bytesDone += file.bytes;
    bytesRead = 0;
  }
  await aggregator.finish();
  report(true);
  return { ...result, range: aggregator.range() };
}
