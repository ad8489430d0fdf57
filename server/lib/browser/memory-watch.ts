import { readdirSync, readFileSync } from 'node:fs';

/*
 * The memory budget of a render: the JavaScript heap, array buffers, the DOM, layout, images (V8's own heap
 * limit is not used: see launch.ts). While renders run, the renderer processes of our browser
 * (found from /proc: descendants of the browser whose command line says --type=renderer) are read every
 * `everyMs`, and one whose anonymous resident memory passes the budget is killed; its page crashes and
 * the render ends with a memory error. Linux only: elsewhere (no /proc) the budget is not enforced, and the render's time limit is what ends a hungry page.
 */

export interface MemoryWatch {
  /** Starts reading while at least one render runs (each start needs its stop). */
  start(): void;
  stop(): void;
}

export interface MemoryWatchOptions {
  /** The browser process: the command line contains this marker (and no --type=). */
  marker: string;
  budgetBytes: number;
  everyMs?: number;
  kill?: (pid: number) => void;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // gone meanwhile, or not Linux
  }
}

function parentOf(pid: string): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  // `pid (comm) state ppid ...`; comm may hold spaces and parentheses, so split after the last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
}

/** Anonymous resident memory (heap, V8, DOM) of a process in bytes; shared libraries do not count. */
export function anonymousBytes(pid: number | string): number {
  const kb = /^RssAnon:\s+(\d+) kB/m.exec(read(`/proc/${pid}/status`) ?? '')?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

// Chromium's child processes rewrite their command line as one space-separated string.
const commandLine = (pid: string) => ` ${(read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ')} `;

function findBrowser(pids: string[], marker: string): string | undefined {
  return pids.find((pid) => {
    const line = commandLine(pid);
    return line.includes(` ${marker} `) && !line.includes(' --type=');
  });
}

/** The pid of the browser process whose command line holds `marker`, if it runs. */
export function browserPid(marker: string): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const pid = findBrowser(pids, marker);
  return pid ? Number(pid) : undefined;
}

/**
 * The pids of the renderer processes that render pages for the browser whose command line holds `marker`.
 * Chromium's own interface pages (`--top-chrome-webui`: since Chromium 156 each context opens an omnibox
 * popup, one process apiece, unless launched with launch.ts's flags) run no page's code, are not bound by
 * --renderer-process-limit and are left out.
 */
export function rendererPids(marker: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<string, string[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const browser = findBrowser(pids, marker);
  const found: number[] = [];
  const queue = browser ? [...(children.get(browser) ?? [])] : [];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const line = commandLine(pid);
    if (line.includes(' --type=renderer ') && !line.includes(' --top-chrome-webui ')) found.push(Number(pid));
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

export function createMemoryWatch(options: MemoryWatchOptions): MemoryWatch {
  const kill = options.kill ?? ((pid: number) => process.kill(pid, 'SIGKILL'));
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let renderers: number[] = [];
  let scans = 0;

  function check(): void {
    // New renderers appear as pages open frames; the whole /proc is scanned every fourth tick only.
    if (scans++ % 4 === 0) renderers = rendererPids(options.marker);
    for (const pid of renderers) {
      if (anonymousBytes(pid) <= options.budgetBytes) continue;
      try {
        kill(pid);
      } catch {
        // exited meanwhile
      }
    }
  }

  return {
    start() {
      running += 1;
      if (timer) return;
      scans = 0;
      timer = setInterval(check, options.everyMs ?? 100);
      timer.unref();
    },
    stop() {
      running = Math.max(0, running - 1);
      if (running > 0 || !timer) return;
      clearInterval(timer);
      timer = undefined;
    },
  };
}
