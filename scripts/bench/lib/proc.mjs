import { readdirSync, readFileSync } from 'node:fs';

/**
 * Live child pids of `pid` (Linux /proc): the children of every thread of the process, since a
 * child started from a worker thread (a job thread's Chromium) is listed under that thread's task.
 */
export function childPids(pid) {
  const tasks = `/proc/${pid}/task`;
  let names;
  try {
    names = readdirSync(tasks);
  } catch {
    return []; // the process (or the thread listing) is gone: it exited while being sampled
  }
  return names.flatMap((task) => {
    try {
      return readFileSync(`${tasks}/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

function statFields(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds of a process and all its descendants, live or already reaped (clock ticks of 10 ms). */
export function treeCpuSeconds(pid) {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime, stime, cutime, cstime: the last two hold children that have exited and been waited for.
  const own = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  return own + childPids(pid).reduce((sum, child) => sum + treeCpuSeconds(child), 0);
}

export function kib(field, pid) {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and its live descendants, in KiB. */
export function treeRssKib(pid) {
  return kib('VmRSS', pid) + childPids(pid).reduce((sum, child) => sum + treeRssKib(child), 0);
}

/**
 * Proportional memory of a process and its live descendants, in KiB: shared pages (the encoder workers
 * share sharp's libraries) are split between the processes instead of counted once per process as in
 * RSS, so the sum is what the tree really costs the machine.
 */
export function treePssKib(pid) {
  let own;
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    own = match ? Number(match[1]) : 0;
  } catch {
    own = 0; // the process has exited
  }
  return own + childPids(pid).reduce((sum, child) => sum + treePssKib(child), 0);
}

/** Samples the tree every `everyMs` until stopped; returns the peaks of its RSS and PSS, of the server alone, and of the number of processes. */
export function sampleRss(pid, everyMs = 50) {
  let peakTree = 0;
  let peakPss = 0;
  let peakServer = 0;
  let peakProcesses = 0;
  const timer = setInterval(() => {
    peakTree = Math.max(peakTree, treeRssKib(pid));
    peakPss = Math.max(peakPss, treePssKib(pid));
    peakServer = Math.max(peakServer, kib('VmRSS', pid));
    peakProcesses = Math.max(peakProcesses, 1 + childPids(pid).length);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return {
        peakTreeMb: Math.round(peakTree / 1024),
        peakPssMb: Math.round(peakPss / 1024),
        peakServerMb: Math.round(peakServer / 1024),
        peakProcesses,
      };
    },
  };
}

/** CPU seconds of each thread of a process (not its children), by thread id. */
export function threadCpuSeconds(pid) {
  const tasks = `/proc/${pid}/task`;
  const seconds = new Map();
  for (const task of readdirSync(tasks)) {
    const fields = statFields(`${pid}/task/${task}`);
    if (fields) seconds.set(task, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return seconds;
}

// Chromium's helper processes rewrite their command line as one string, its arguments joined by spaces.
function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  } catch {
    return [];
  }
}

/**
 * The group a process of the server's tree is counted in: Chromium's (/usr/bin/chromium is a shell script
 * that execs it) by its `--type=`, anything else the server's; undefined for a process that has exited
 * (a zombie has no command line: it keeps the group it had).
 */
function groupOf(pid, rootPid) {
  if (pid === rootPid) return 'server';
  const args = cmdline(pid).filter(Boolean);
  if (!args.length) return undefined;
  if (!args.slice(0, 2).some((arg) => /chrom/i.test(arg))) return 'server';
  const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  if (!type) return 'browser';
  return type === 'renderer' ? 'renderers' : 'chromium other';
}

function treeProcesses(pid) {
  return [pid, ...childPids(pid).flatMap((child) => treeProcesses(child))];
}

/**
 * CPU seconds (utime and stime, all threads) per group of processes, sampled every `everyMs` until stopped:
 * the server's tree split into the server (its job threads included), Chromium's browser process, its
 * renderers and its other processes (zygote, network and GPU helpers), plus `others` (name → pid, e.g. the
 * bench's fixture site). Each process's last sample counts (one that exits between samples loses at most
 * `everyMs` of its time); the time each had at the start is taken off, so only the run is counted.
 */
export function sampleCpuByGroup(rootPid, others = {}, everyMs = 200) {
  const seen = new Map(); // `${pid}:${starttime}` -> { group, first, last }
  let started = false;
  const sample = () => {
    const processes = treeProcesses(rootPid).map((pid) => [pid, undefined]);
    for (const [name, pid] of Object.entries(others)) processes.push([pid, name]);
    for (const [pid, named] of processes) {
      const fields = statFields(pid);
      if (!fields) continue;
      const key = `${pid}:${fields[19]}`;
      const now = { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
      // Read again each time: a renderer forked from Chromium's zygote takes its own command line a moment later.
      const group = named ?? groupOf(pid, rootPid);
      const known = seen.get(key);
      if (known) Object.assign(known, { group: group ?? known.group, last: now });
      // Processes present at the start count from then; those started later count from their start.
      else seen.set(key, { group: group ?? 'server', first: started ? { user: 0, system: 0 } : now, last: now });
    }
  };
  sample();
  started = true;
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const groups = {};
      for (const { group, first, last } of seen.values()) {
        const sum = (groups[group] ??= { user: 0, system: 0, processes: 0 });
        sum.user += last.user - first.user;
        sum.system += last.system - first.system;
        sum.processes += 1;
      }
      return groups;
    },
  };
}

/**
 * CPU seconds of each PostgreSQL backend serving database `name` (its process title names the database), by
 * pid: read before and after a run, the difference is what the server spent on that database's connections.
 */
export function postgresBackendSeconds(name) {
  const seconds = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ') || !title.split(' ').includes(name)) continue;
    const fields = statFields(Number(entry));
    if (fields) seconds.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return seconds;
}

/** The CPU seconds spent between two readings of postgresBackendSeconds (a backend new since counts whole). */
export function backendSecondsSince(before, after) {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
