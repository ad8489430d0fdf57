import { expect, test } from 'vitest';
import {
  createJobRegistry,
  type JobRegistryOptions,
  type ProgressEvent,
  type RunningJob,
  type StopReason,
} from './jobs.ts';

type Event = { type: 'note'; text: string } | ProgressEvent<number>;

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/**
 * A registry whose jobs (input: a name) each wait for the test to release them; `log` records what
 * happened in order, and `started[name]` is the running job, which also is the readiness signal.
 */
function harness(options: Partial<JobRegistryOptions<string, number, Event, string>> = {}) {
  const log: string[] = [];
  const releases = new Map<string, Deferred<string>>();
  const running = new Map<string, RunningJob<string, number, Event>>();
  let clock = 0;
  const registry = createJobRegistry<string, number, Event, string>({
    maxRunning: 2,
    maxQueued: 2,
    refusals: { full: { message: 'Full.', retryAfterSeconds: 60 }, closing: { message: 'Closing.' } },
    initialProgress: 0,
    progressIntervalMs: 200,
    now: () => clock,
    async run(job) {
      log.push(`run ${job.input}`);
      running.set(job.input, job);
      job.signal.addEventListener('abort', () => log.push(`abort ${job.input}: ${String(job.signal.reason)}`));
      const release = deferred<string>();
      releases.set(job.input, release);
      const value = await release.promise;
      log.push(`end ${job.input}`);
      return value;
    },
    onAccepted: (job) => log.push(`accepted ${job.input} (${job.status})`),
    onDropped: (job, reason: StopReason) => log.push(`dropped ${job.input}: ${reason}`),
    ...options,
  });
  const results = new Map<string, Promise<string>>();
  function submit(name: string, key: string = name) {
    const submitted = registry.submit(name, key);
    results.set(name, submitted.result);
    return submitted;
  }
  /** Ends job `name` with `value` and waits until the registry has seen it end (and started the next). */
  async function finish(name: string, value = `${name} done`) {
    releases.get(name)!.resolve(value);
    await results.get(name)!.catch(() => undefined);
  }
  return {
    registry,
    log,
    running,
    submit,
    finish,
    release: (name: string) => releases.get(name)!,
    tick: (ms: number) => (clock += ms),
  };
}

test('at most maxRunning jobs run; the rest wait in the order they came, and past maxQueued submit refuses', async () => {
  const { registry, log, submit, finish } = harness();
  expect(['a', 'b', 'c', 'd'].map((name) => submit(name).status)).toEqual(['running', 'running', 'queued', 'queued']);
  expect(() => registry.submit('e', 'e')).toThrow(
    expect.objectContaining({ name: 'BusyError', kind: 'busy', message: 'Full.', retryAfterSeconds: 60 }),
  );
  expect(registry.get('e')).toBeUndefined();
  expect(log).toEqual([
    'accepted a (queued)',
    'run a',
    'accepted b (queued)',
    'run b',
    'accepted c (queued)',
    'accepted d (queued)',
  ]);
  await finish('b');
  expect(log.slice(6)).toEqual(['end b', 'run c']);
  expect(['a', 'b', 'c', 'd'].map((name) => registry.get(name)?.status)).toEqual([
    'running',
    undefined,
    'running',
    'queued',
  ]);
  await finish('a');
  expect(log.slice(8)).toEqual(['end a', 'run d']);
  expect(submit('e').status).toBe('queued');
});

test('with maxQueued 0 a job runs at once or is refused', () => {
  const { registry, submit } = harness({ maxRunning: 1, maxQueued: 0 });
  expect(submit('a').status).toBe('running');
  expect(() => registry.submit('b', 'b')).toThrow('Full.');
});

test('a job submitted under the key of a queued or running job joins it, even when the registry is full, and shares its result', async () => {
  const { registry, log, submit, finish } = harness({ maxRunning: 1, maxQueued: 1 });
  const first = submit('a', 'site');
  const second = registry.submit('a again', 'site');
  const queued = submit('b');
  const joinedQueued = registry.submit('b again', 'b');
  expect([first, second, queued, joinedQueued].map(({ key, status, joined }) => ({ key, status, joined }))).toEqual([
    { key: 'site', status: 'running', joined: false },
    { key: 'site', status: 'running', joined: true },
    { key: 'b', status: 'queued', joined: false },
    { key: 'b', status: 'queued', joined: true },
  ]);
  expect(second.result).toBe(first.result);
  await finish('a', 'the sitemap');
  await expect(second.result).resolves.toBe('the sitemap');
  expect(log.filter((line) => line.startsWith('run'))).toEqual(['run a', 'run b']);
});

test('without a key a job gets an unguessable one', () => {
  const { registry } = harness();
  const keys = [registry.submit('a').key, registry.submit('b').key];
  expect(keys).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
  expect(keys[0]).not.toBe(keys[1]);
  expect(registry.get(keys[1])).toEqual({ key: keys[1], input: 'b', status: 'running', progress: 0 });
});

test('cancelling a queued job removes it without running it; its result rejects and the next in line keeps its place', async () => {
  const { registry, log, submit, finish } = harness({ maxRunning: 1, maxQueued: 2 });
  submit('a');
  const b = submit('b');
  submit('c');
  expect(registry.cancel('b')).toBe('queued');
  expect(registry.get('b')).toBeUndefined();
  await expect(b.result).rejects.toMatchObject({ kind: 'conflict' });
  await finish('a');
  expect(log).toEqual([
    'accepted a (queued)',
    'run a',
    'accepted b (queued)',
    'accepted c (queued)',
    'dropped b: cancel',
    'end a',
    'run c',
  ]);
  expect(registry.cancel('b')).toBeUndefined();
  expect(registry.cancel('nothing')).toBeUndefined();
});

test('cancelling a running job aborts it with the reason "cancel"; it holds its slot until its handler returns', async () => {
  const { registry, log, submit, finish } = harness({ maxRunning: 1, maxQueued: 1 });
  submit('a');
  submit('b');
  expect(registry.cancel('a')).toBe('running');
  expect(registry.get('a')?.status).toBe('running');
  expect(registry.get('b')?.status).toBe('queued');
  await finish('a', 'stopped early');
  expect(log.slice(3)).toEqual(['abort a: cancel', 'end a', 'run b']);
});

test('a handler that throws rejects the result with its error and frees the slot', async () => {
  const { registry, release, submit, log } = harness({ maxRunning: 1, maxQueued: 1 });
  const a = submit('a');
  submit('b');
  release('a').reject(new Error('boom'));
  await expect(a.result).rejects.toThrow('boom');
  expect(registry.get('a')).toBeUndefined();
  expect(registry.get('b')?.status).toBe('running');
  expect(log.at(-1)).toBe('run b');
});

test('close drops the queued jobs, aborts the running ones with "shutdown", waits for them, and then refuses new work', async () => {
  const { registry, log, submit, release } = harness({ maxRunning: 1, maxQueued: 2 });
  submit('a');
  const b = submit('b');
  submit('c');
  let closed = false;
  const closing = registry.close().then(() => (closed = true));
  expect(registry.close()).toBe(registry.close());
  expect(log.slice(4)).toEqual(['dropped b: shutdown', 'dropped c: shutdown', 'abort a: shutdown']);
  await expect(b.result).rejects.toMatchObject({ kind: 'busy', message: 'Closing.' });
  // The handler of a has not returned: close is still waiting for it.
  await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);
  expect(() => registry.submit('d', 'd')).toThrow(
    expect.objectContaining({ kind: 'busy', message: 'Closing.', retryAfterSeconds: undefined }),
  );
  release('a').resolve('late');
  await closing;
  expect(closed).toBe(true);
  expect(log.slice(7)).toEqual(['end a']);
  expect(['a', 'b', 'c'].map((key) => registry.get(key))).toEqual([undefined, undefined, undefined]);
});

test('watchers of a key hear its jobs, now or later, until they unwatch; other keys stay quiet', async () => {
  const { registry, submit, finish, running } = harness();
  const heard: string[] = [];
  const unwatch = registry.watch('a', (event) =>
    heard.push(event.type === 'note' ? event.text : `progress ${event.progress}`),
  );
  registry.watch('b', (event) => heard.push(`b heard ${event.type}`));
  submit('a');
  running.get('a')!.emit({ type: 'note', text: 'first' });
  await finish('a');
  submit('a');
  running.get('a')!.emit({ type: 'note', text: 'second' });
  unwatch();
  running.get('a')!.emit({ type: 'note', text: 'not heard' });
  expect(heard).toEqual(['first', 'second']);
});

test('progress is stored at once and sent to watchers at most every progressIntervalMs', () => {
  const { registry, submit, running, tick } = harness();
  const heard: unknown[] = [];
  registry.watch('a', (event) => heard.push(event));
  submit('a');
  const job = running.get('a')!;
  expect(registry.get('a')?.progress).toBe(0);
  const sent = [job.setProgress(1)];
  tick(199);
  sent.push(job.setProgress(2));
  expect(registry.get('a')?.progress).toBe(2);
  tick(1);
  sent.push(job.setProgress(3));
  sent.push(job.setProgress(4));
  expect(sent).toEqual([true, false, true, false]);
  expect(heard).toEqual([
    { type: 'progress', progress: 1 },
    { type: 'progress', progress: 3 },
  ]);
});

test('unwatching twice never silences a later watcher of the same key', () => {
  const { registry, submit, running } = harness();
  const heard: string[] = [];
  const unwatch = registry.watch('a', () => heard.push('first'));
  unwatch();
  registry.watch('a', (event) => heard.push(`second heard ${event.type}`));
  unwatch();
  submit('a');
  running.get('a')!.emit({ type: 'note', text: 'hello' });
  expect(heard).toEqual(['second heard note']);
});
