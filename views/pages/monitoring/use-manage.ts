import { useEffect, useRef, useState } from 'react';
import { apiFetch, requestJson } from '#views/lib/request-json.ts';
import { monitorApi, runSummary } from './logic.ts';
import type { MonitorChanges, MonitorView, VerifyResult } from './model.ts';

export const LOAD_FAILED = 'Could not load the monitor. Please reload the page.';
export const SAVE_FAILED = 'Could not save the changes. Please try again.';
export const VERIFY_FAILED = 'Could not check the site now. Please try again.';
export const RUN_FAILED = 'Could not start a check. Please try again.';
export const DELETE_FAILED = 'Could not delete the monitor. Please try again.';
/** How often the page asks whether a "Check now" run has finished. */
export const RUN_POLL_MS = 3000;

/** What the page is doing; each section shows its own news and errors by it. */
export type Action = '' | 'pause' | 'verify' | 'run' | 'save' | 'delete';

const message = (failure: unknown, fallback: string) => (failure instanceof Error ? failure.message : fallback);

/** Follows a run until it has finished (the poll's timer is the page's, so leaving the page stops it). */
function useRunFollower(
  reload: () => Promise<MonitorView>,
  report: (at: Action, text: string, failed: boolean) => void,
) {
  const poll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  function follow(runId: string, done: () => void) {
    clearTimeout(poll.current);
    poll.current = setTimeout(() => {
      reload()
        .then((fresh) => {
          const run = fresh.runs.find((candidate) => candidate.id === runId);
          if (!run || run.status === 'running') return follow(runId, done);
          done();
          report('run', `Check finished: ${runSummary(run)}.`, false);
        })
        .catch((failure: unknown) => {
          done();
          report('run', message(failure, LOAD_FAILED), true);
        });
    }, RUN_POLL_MS);
  }
  return { follow, stop: () => clearTimeout(poll.current) };
}

/**
 * The manage page's state and its actions against the API (issue 25): the monitor as last read,
 * the action under way, the last action's news or error, a "Check now" run followed to its end.
 */
export function useManage(token: string, initial: MonitorView, checkingRunId?: string) {
  const [view, setView] = useState(initial);
  const [deleted, setDeleted] = useState(false);
  const [busy, setBusy] = useState<Action>('');
  /** The last action's error or news, shown beside the control that caused it. */
  const [error, setError] = useState<{ at: Action; text: string } | null>(null);
  const [notice, setNotice] = useState<{ at: Action; text: string } | null>(null);
  // A run under way when the page opens (a scheduled one, or "Check now" from another tab) is followed too.
  const [checking, setChecking] = useState(
    checkingRunId ?? initial.runs.find((run) => run.status === 'running')?.id ?? '',
  );
  const api = (action = '') => monitorApi(view.id, token, action);

  async function reload(): Promise<MonitorView> {
    const fresh = await requestJson<MonitorView>(api(), LOAD_FAILED, undefined, { cache: 'no-store' });
    setView(fresh);
    return fresh;
  }
  const runs = useRunFollower(reload, (at, text, failed) => (failed ? setError : setNotice)({ at, text }));
  const follow = (runId: string) => runs.follow(runId, () => setChecking(''));

  useEffect(() => {
    if (checking) follow(checking);
    return runs.stop;
    // Only the run under way when the page opened; later ones are followed by the action that starts them.
  }, []);

  async function act(kind: Action, work: () => Promise<string | void>, fallback: string) {
    if (busy) return;
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      const done = await work();
      if (done) setNotice({ at: kind, text: done });
    } catch (failure) {
      setError({ at: kind, text: message(failure, fallback) });
    } finally {
      setBusy('');
    }
  }

  const patch = (changes: MonitorChanges) =>
    apiFetch(api(), SAVE_FAILED, { method: 'PATCH', body: changes }).then(() => reload());

  const actions = {
    togglePause: () =>
      act(
        'pause',
        async () => {
          const paused = view.status !== 'paused';
          await patch({ paused });
          return paused ? 'Monitoring is paused.' : 'Monitoring is resumed.';
        },
        SAVE_FAILED,
      ),
    /** Looks for the proof of ownership now; the result's detail is the caller's to show. */
    verify: (show: (result: VerifyResult) => void) =>
      act(
        'verify',
        async () => {
          const result = await requestJson<VerifyResult>(api('verify'), VERIFY_FAILED, {});
          show(result);
          const fresh = await reload();
          if (result.verified)
            return fresh.status === 'active'
              ? 'Verified: the site is yours. Checks now run on schedule.'
              : 'Verified: the site is yours.';
        },
        VERIFY_FAILED,
      ),
    checkNow: () =>
      act(
        'run',
        async () => {
          const started = await requestJson<{ runId: string; auditId: string }>(api('run'), RUN_FAILED, {});
          setChecking(started.runId);
          await reload();
          follow(started.runId);
        },
        RUN_FAILED,
      ),
    /** Saves the settings; `saved` gets the monitor as stored (the form shows what the server kept). */
    save: (changes: MonitorChanges, saved: (fresh: MonitorView) => void) =>
      act(
        'save',
        async () => {
          saved(await patch(changes));
          return 'Your changes are saved.';
        },
        SAVE_FAILED,
      ),
    remove: () =>
      act(
        'delete',
        async () => {
          await apiFetch(api(), DELETE_FAILED, { method: 'DELETE' });
          runs.stop();
          setDeleted(true);
        },
        DELETE_FAILED,
      ),
  };

  /** The error, or the news, of the last action when it was one of `at`. */
  const failedAt = (...at: Action[]) => (error && at.includes(error.at) ? error.text : null);
  const newsAt = (...at: Action[]) => (notice && at.includes(notice.at) ? notice.text : null);
  return { view, deleted, busy, checking, actions, failedAt, newsAt };
}

export type Manage = ReturnType<typeof useManage>;
