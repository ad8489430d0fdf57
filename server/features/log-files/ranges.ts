import ipaddr from 'ipaddr.js';
import anthropic from './bot-ranges/anthropic.json' with { type: 'json' };
import applebot from './bot-ranges/applebot.json' with { type: 'json' };
import bingbot from './bot-ranges/bingbot.json' with { type: 'json' };
import ccbot from './bot-ranges/ccbot.json' with { type: 'json' };
import chatgptUser from './bot-ranges/chatgpt-user.json' with { type: 'json' };
import duckduckbot from './bot-ranges/duckduckbot.json' with { type: 'json' };
import googleCommon from './bot-ranges/google-common-crawlers.json' with { type: 'json' };
import googleSpecial from './bot-ranges/google-special-crawlers.json' with { type: 'json' };
import googleUserTriggered from './bot-ranges/google-user-triggered-fetchers.json' with { type: 'json' };
import gptbot from './bot-ranges/gptbot.json' with { type: 'json' };
import oaiSearchbot from './bot-ranges/oai-searchbot.json' with { type: 'json' };
import perplexityUser from './bot-ranges/perplexity-user.json' with { type: 'json' };
import perplexitybot from './bot-ranges/perplexitybot.json' with { type: 'json' };

/**
 * The IP ranges bot operators publish, as shipped in ./bot-ranges/ (each file: the publisher's URL,
 * when it was read, its `creationTime` and `prefixes` as published). `npm run refresh-bot-ranges`
 * (scripts/refresh-bot-ranges.ts) reads them again from the publishers.
 */
export interface RangeFile {
  source: string;
  retrieved: string;
  via?: string;
  creationTime: string;
  prefixes: Array<{ ipv4Prefix?: string; ipv6Prefix?: string }>;
}

export const RANGE_FILES = {
  'google-common-crawlers': googleCommon,
  'google-special-crawlers': googleSpecial,
  'google-user-triggered-fetchers': googleUserTriggered,
  bingbot,
  applebot,
  duckduckbot,
  gptbot,
  'oai-searchbot': oaiSearchbot,
  'chatgpt-user': chatgptUser,
  perplexitybot,
  'perplexity-user': perplexityUser,
  ccbot,
  anthropic,
} satisfies Record<string, RangeFile>;

export type RangeSource = keyof typeof RANGE_FILES;

/** Sorted, merged [first, last] address pairs: IPv4 as numbers, IPv6 as bigints. */
interface RangeSet {
  v4: number[];
  v6: bigint[];
}

function v6Number(bytes: number[]): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function merged<T extends number | bigint>(pairs: Array<[T, T]>): T[] {
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const flat: T[] = [];
  for (const [first, last] of pairs) {
    const end = flat.length - 1;
    if (end > 0 && first <= flat[end]!) flat[end] = last > flat[end]! ? last : flat[end]!;
    else flat.push(first, last);
  }
  return flat;
}

/** Parses a file's prefixes; a prefix that does not parse is skipped (the refresh script refuses such files). */
export function rangeSet(file: Pick<RangeFile, 'prefixes'>): RangeSet {
  const v4: Array<[number, number]> = [];
  const v6: Array<[bigint, bigint]> = [];
  for (const prefix of file.prefixes) {
    const cidr = prefix.ipv4Prefix ?? prefix.ipv6Prefix;
    if (!cidr || !ipaddr.isValidCIDR(cidr)) continue;
    const [address, bits] = ipaddr.parseCIDR(cidr);
    if (address.kind() === 'ipv4') {
      const base = (address as ipaddr.IPv4).octets.reduce((value, octet) => value * 256 + octet, 0);
      const size = 2 ** (32 - bits);
      const first = base - (base % size);
      v4.push([first, first + size - 1]);
    } else {
      const base = v6Number((address as ipaddr.IPv6).toByteArray());
      const size = 1n << BigInt(128 - bits);
      const first = base - (base % size);
      v6.push([first, first + size - 1n]);
    }
  }
  return { v4: merged(v4), v6: merged(v6) };
}

function within<T extends number | bigint>(flat: readonly T[], value: T): boolean {
  let low = 0;
  let high = flat.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (value < flat[middle * 2]!) high = middle - 1;
    else if (value > flat[middle * 2 + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}

/** An address as the sets hold it, or undefined for text that is no address (a host name, '-'). */
export function addressValue(text: string): { v4: number } | { v6: bigint } | undefined {
  if (!ipaddr.isValid(text)) return undefined;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // An IPv4 client seen by a dual-stack server (::ffff:a.b.c.d) is that IPv4 address.
    if (v6.isIPv4MappedAddress()) return addressValue(v6.toIPv4Address().toString());
    return { v6: v6Number(v6.toByteArray()) };
  }
  return { v4: (parsed as ipaddr.IPv4).octets.reduce((value, octet) => value * 256 + octet, 0) };
}

export function inRanges(set: RangeSet, address: NonNullable<ReturnType<typeof addressValue>>): boolean {
  return 'v4' in address ? within(set.v4, address.v4) : within(set.v6, address.v6);
}

let parsed: Map<RangeSource, RangeSet> | undefined;

/** The shipped ranges, parsed once per thread on first use. */
export function shippedRanges(): Map<RangeSource, RangeSet> {
  parsed ??= new Map(
    Object.entries(RANGE_FILES).map(([name, file]) => [name as RangeSource, rangeSet(file as RangeFile)]),
  );
  return parsed;
}
