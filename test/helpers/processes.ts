import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc/<pid>/stat tells it (Linux only). */
export interface ProcessEntry {
  pid: number;
  /** The executable's name, at most 15 characters (`chromium`, `chrome_crashpad`). */
  name: string;
  /** R, S, D, Z (zombie: exited, not yet reaped) ... */
  state: string;
  ppid: number;
  /** Process group: playwright-core starts Chromium detached, so its helpers share the browser's group. */
  group: number;
}

export function listProcesses(): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // `pid (name) state ppid pgrp ...`; the name may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const [state, ppid, group] = stat.slice(close + 2).split(' ');
    found.push({
      pid: Number(name),
      name: stat.slice(stat.indexOf('(') + 1, close),
      state: state!,
      ppid: Number(ppid),
      group: Number(group),
    });
  }
  return found;
}

/**
 * This process's Chromium: the browsers it started (its descendants named chrom…) with everything
 * in their process groups (renderers, zygotes, and crash handlers that left the tree).
 */
export function chromiumOf(pid = process.pid): ProcessEntry[] {
  const all = listProcesses();
  const below = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of all)
      if (below.has(entry.ppid) && !below.has(entry.pid)) {
        below.add(entry.pid);
        grew = true;
      }
  }
  const isChromium = (entry: ProcessEntry) => /chrom/i.test(entry.name);
  const groups = new Set(all.filter((entry) => below.has(entry.pid) && isChromium(entry)).map((entry) => entry.group));
  return all.filter((entry) => isChromium(entry) && (below.has(entry.pid) || groups.has(entry.group)));
}

/**
 * Site audit browsers this process started that still run: each one's pid and the `--delhi-seo-site-audit=…`
 * marker on its command line (renderer.ts), which memory-watch.ts's rendererPids() takes.
 */
export function auditBrowsers(): Array<{ pid: number; marker: string }> {
  const found: Array<{ pid: number; marker: string }> = [];
  for (const entry of listProcesses()) {
    if (entry.ppid !== process.pid) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // exited meanwhile
    }
    const marker = args.find((arg) => arg.startsWith('--delhi-seo-site-audit='));
    if (marker && !args.some((arg) => arg.startsWith('--type='))) found.push({ pid: entry.pid, marker });
  }
  return found;
}

/** Resolves once a started server logs that it listens; rejects, with what it printed, if it exits first. */
export function untilListening(server: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('"msg":"listening on')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}
