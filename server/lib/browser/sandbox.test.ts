import { expect, test } from 'vitest';
import { chooseSandbox } from './sandbox.ts';

test('as root the sandbox is off, whatever a probe said: Chromium refuses it for root', () => {
  const off = { sandbox: false, message: 'chromium sandbox: off: running as root, where Chromium refuses its sandbox' };
  expect(chooseSandbox(0)).toEqual(off);
  expect(chooseSandbox(0, new Error('No usable sandbox!'))).toEqual(off);
});

test('any other user is tried sandboxed first, and stays sandboxed when it starts', () => {
  expect(chooseSandbox(1000)).toEqual({ sandbox: true, message: 'chromium sandbox: on' });
  expect(chooseSandbox(undefined)).toEqual({ sandbox: true, message: 'chromium sandbox: on' });
});

test('a sandboxed launch that failed falls back to no sandbox, quoting what Chromium said about it', () => {
  // The shape of playwright-core's launch error, from a real failed sandboxed launch.
  const failure = new Error(
    [
      'browserType.launch: Target page, context or browser has been closed',
      'Browser logs:',
      'Chromium sandboxing failed!',
      'Call log:',
      '\u001b[2m  - [pid=2109][err] [2109:2109:1126/043154.578587:FATAL:content/browser/zygote_host/zygote_host_impl_linux.cc:128] No usable sandbox! See the Linux sandboxing docs.\u001b[22m',
    ].join('\n'),
  );
  expect(chooseSandbox(1000, failure)).toEqual({
    sandbox: false,
    message:
      'chromium sandbox: off: it could not start (No usable sandbox! See the Linux sandboxing docs.); allow unprivileged user namespaces to turn it on',
  });
  expect(chooseSandbox(1000, new Error('launch failed\nChromium sandboxing failed!'))).toEqual({
    sandbox: false,
    message:
      'chromium sandbox: off: it could not start (Chromium sandboxing failed!); allow unprivileged user namespaces to turn it on',
  });
  expect(chooseSandbox(1000, '\n  clone failed\n')).toEqual({
    sandbox: false,
    message:
      'chromium sandbox: off: it could not start (clone failed); allow unprivileged user namespaces to turn it on',
  });
});
