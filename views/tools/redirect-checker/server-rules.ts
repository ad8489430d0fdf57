import { apacheRule } from './apache-rules.ts';
import type { MigrationPair } from './migration-csv.ts';
import { nginxRule } from './nginx-rules.ts';
import { oldUrl, unreachableReason, type OldUrl, type ServerRule } from './rule-text.ts';

export { regexLiteral } from './rule-text.ts';

/** A redirect to write: the old absolute URL and the new absolute URL. */
export type RulePair = MigrationPair;

type Writer = (old: OldUrl, to: string) => ServerRule;

/** One row on one server: no rule and a note when neither server could ever pass the URL to a rule. */
function ruleFor(writer: Writer, pair: RulePair): ServerRule {
  const old = oldUrl(pair.from);
  const unreachable = unreachableReason(old);
  if (unreachable)
    return { note: `No rule: nginx and Apache refuse this old URL before any rule runs: ${unreachable}.` };
  return writer(old, pair.to);
}

function byHost(pairs: readonly RulePair[]): Map<string, RulePair[]> {
  const hosts = new Map<string, RulePair[]>();
  const seen = new Set<string>();
  for (const pair of pairs) {
    // An old URL listed twice gets one rule (the first): a second would be a duplicate location.
    const url = new URL(pair.from);
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    hosts.set(url.host, [...(hosts.get(url.host) ?? []), pair]);
  }
  return hosts;
}

/** The rules of every host, each block headed by where to paste it; rows without a rule are left out. */
function rulesFile(pairs: readonly RulePair[], writer: Writer, heading: (host: string) => string[]): string {
  const blocks: string[] = [];
  for (const [host, entries] of byHost(pairs)) {
    const written = entries.map((pair) => ruleFor(writer, pair)).filter((rule) => rule.lines);
    if (written.length === 0) continue;
    // A stable sort: by rank, then in the list's order.
    written.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    blocks.push([...heading(host), ...written.flatMap((rule) => rule.lines ?? [])].join('\n'));
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

/** nginx rules, per old host, to paste in its `server { }` (nginx-rules.ts says which rule each row gets). */
export function nginxRules(pairs: readonly RulePair[]): string {
  return rulesFile(pairs, nginxRule, (host) => [`# ${host}: paste inside the server { } block that serves ${host}.`]);
}

/** Apache rules (mod_rewrite), per old host, for its VirtualHost or root .htaccess (apache-rules.ts). */
export function apacheRules(pairs: readonly RulePair[]): string {
  return rulesFile(pairs, apacheRule, (host) => [
    `# ${host}: paste into the <VirtualHost> for ${host}, or its root .htaccess.`,
    'RewriteEngine On',
  ]);
}

/** What the panel says under a row about its rules: why one is missing, or where one must go. */
export function ruleNotes(pair: RulePair): string[] {
  const notes = [ruleFor(nginxRule, pair).note, ruleFor(apacheRule, pair).note];
  return [...new Set(notes.filter((note): note is string => Boolean(note)))];
}
