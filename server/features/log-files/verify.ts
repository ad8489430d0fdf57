import { Resolver } from 'node:dns/promises';
import type { BotRule } from './bots.ts';
import { detached } from './log-fields.ts';
import { addressValue, inRanges, shippedRanges } from './ranges.ts';

/**
 * Whether a bot's hit came from its operator: its address in the operator's published ranges, or
 * (DNS allowed) a reverse name under one of the operator's documented host names whose forward
 * lookup gives the same address back (both steps, as Google and Bing describe: a PTR record alone is
 * whatever the address's owner writes). Answers are remembered per bot and address; addresses are
 * held only in memory while the log is read, never stored.
 */
export interface VerifierOptions {
  dns: boolean;
  /** Resolvers to ask (`1.2.3.4:53`); empty: the system's. */
  dnsServers: readonly string[];
  /** Distinct addresses looked up at most; the rest stay unverified. */
  maxLookups: number;
  /** One lookup's time limit. */
  timeoutMs?: number;
}

/** Remembered (bot, address) answers; past it the memory starts again. */
const CACHE_SIZE = 200_000;
const LOOKUP_CONCURRENCY = 16;

export interface Verifier {
  /** The answer when it needs no DNS (or DNS has answered); undefined: `lookup` first. */
  known(rule: BotRule, ip: string): boolean | undefined;
  /** Looks up these (bot, address) pairs (at most LOOKUP_CONCURRENCY at once); `known` then answers. */
  lookup(pairs: ReadonlyArray<{ rule: BotRule; ip: string }>): Promise<void>;
  /** Addresses looked up so far. */
  lookups(): number;
}

export function createVerifier(options: VerifierOptions): Verifier {
  const ranges = shippedRanges();
  const answers = new Map<string, boolean>();
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
  if (options.dnsServers.length > 0) resolver.setServers([...options.dnsServers]);
  let looked = 0;
  const remember = (key: string, verified: boolean) => {
    if (answers.size >= CACHE_SIZE) answers.clear();
    answers.set(detached(key), verified);
    return verified;
  };

  function known(rule: BotRule, ip: string): boolean | undefined {
    const key = `${rule.id}|${ip}`;
    const answer = answers.get(key);
    if (answer !== undefined) return answer;
    const address = addressValue(ip);
    if (!address) return remember(key, false);
    if (rule.ranges.some((source) => inRanges(ranges.get(source)!, address))) return remember(key, true);
    if (!options.dns || rule.dns.length === 0 || looked >= options.maxLookups) return remember(key, false);
    return undefined;
  }

  async function confirm(rule: BotRule, ip: string): Promise<boolean> {
    const names = await resolver.reverse(ip);
    for (const name of names) {
      const host = name.toLowerCase().replace(/\.$/, '');
      if (!rule.dns.some((suffix) => host.endsWith(`.${suffix}`))) continue;
      const forward = await (ip.includes(':') ? resolver.resolve6(host) : resolver.resolve4(host));
      if (forward.some((address) => sameAddress(address, ip))) return true;
    }
    return false;
  }

  async function lookup(pairs: ReadonlyArray<{ rule: BotRule; ip: string }>): Promise<void> {
    const unique = new Map(pairs.map((pair) => [`${pair.rule.id}|${pair.ip}`, pair]));
    const pending = [...unique.values()].filter(({ rule, ip }) => known(rule, ip) === undefined);
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const { rule, ip } = pending[next++]!;
        const key = `${rule.id}|${ip}`;
        if (answers.has(key)) continue;
        if (looked >= options.maxLookups) {
          remember(key, false);
          continue;
        }
        looked++;
        // No answer (NXDOMAIN, a timeout, a refusing resolver) is no proof: unverified.
        remember(key, await confirm(rule, ip).catch(() => false));
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, pending.length) }, worker));
  }

  return { known, lookup, lookups: () => looked };
}

function sameAddress(a: string, b: string): boolean {
  const left = addressValue(a);
  const right = addressValue(b);
  if (!left || !right) return false;
  return 'v4' in left ? 'v4' in right && left.v4 === right.v4 : 'v6' in right && left.v6 === right.v6;
}
