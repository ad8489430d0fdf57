/*
 * Chromium's own sandbox (user namespaces + seccomp-bpf) for the renderer processes that run untrusted
 * pages. playwright-core passes --no-sandbox unless asked for it, so the renderer asks: on wherever it can
 * start, off only as root (Chromium refuses to sandbox a root browser) or when a sandboxed launch failed
 * (the kernel or the container forbids unprivileged user namespaces; README "Chromium's sandbox").
 */

// Playwright colours its call log with terminal escapes (ESC [ n m).
const ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export interface SandboxChoice {
  sandbox: boolean;
  /** The line logged at launch: `chromium sandbox: on`, or `off: <why>`. */
  message: string;
}

/**
 * Whether to launch sandboxed. `uid` is process.getuid() (undefined off POSIX); `failure` is the error of
 * a sandboxed launch that was already tried, undefined before trying.
 */
export function chooseSandbox(uid: number | undefined, failure?: unknown): SandboxChoice {
  if (uid === 0)
    return { sandbox: false, message: 'chromium sandbox: off: running as root, where Chromium refuses its sandbox' };
  if (failure === undefined) return { sandbox: true, message: 'chromium sandbox: on' };
  // Playwright's launch error opens with a generic line; Chromium's own words (`[pid=N][err] [...:ERROR:file.cc:103]
  // No usable sandbox! ...`) come later in its browser log.
  const text = (failure instanceof Error ? failure.message : String(failure)).replaceAll(ESCAPE, '');
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const chromiumSaid = lines.find((line) => /(ERROR|FATAL):.*(sandbox|namespace)/i.test(line));
  const reason =
    chromiumSaid?.slice(chromiumSaid.lastIndexOf('] ') + 2) ??
    lines.find((line) => /sandbox|namespace/i.test(line)) ??
    lines[0] ??
    'unknown error';
  return {
    sandbox: false,
    message: `chromium sandbox: off: it could not start (${reason.slice(0, 200)}); allow unprivileged user namespaces to turn it on`,
  };
}
