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
  // Per bot, then per address: no key string made for each line.
  const answers = new Map<BotRule, Map<string, boolean>>();
  let remembered = 0;
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
  if (options.dnsServers.length > 0) resolver.setServers([...options.dnsServers]);
  let looked = 0;
  const answer = (rule: BotRule, ip: string) => answers.get(rule)?.get(ip);
  const remember = (rule: BotRule, ip: string, verified: boolean) => {
    if (remembered >= CACHE_SIZE) {
      answers.clear();
      remembered = 0;
    }
    let byAddress = answers.get(rule);
    if (!byAddress) answers.set(rule, (byAddress = new Map()));
    byAddress.set(detached(ip), verified);
    remembered++;
    return verified;
  };

  function known(rule: BotRule, ip: string): boolean | undefined {
    const cached = answer(rule, ip);
    if (cached !== undefined) return cached;
    const address = addressValue(ip);
    if (!address) return remember(rule, ip, false);
    if (rule.ranges.some((source) => inRanges(ranges.get(source)!, address))) return remember(rule, ip, true);
    if (!options.dns || rule.dns.length === 0 || looked >= options.maxLookups) return remember(rule, ip, false);
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
        if (answer(rule, ip) !== undefined) continue;
        if (looked >= options.maxLookups) {
          remember(rule, ip, false);
          continue;
        }
        looked++;
        // No answer (NXDOMAIN, a timeout, a refusing resolver) is no proof: unverified.
        remember(rule, ip, await confirm(rule, ip).catch(() => false));
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
