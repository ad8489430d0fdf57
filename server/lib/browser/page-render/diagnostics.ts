import type { ConsoleMessage, Page } from 'playwright-core';
import {
  MOBILE_REPORT_LIMITS,
  type MobileConsoleError,
  type MobileFailedResource,
  type MobileList,
  type MobileResource,
} from '#views/model/mobile-test.ts';

/*
 * What a render met besides its layout: the files that did not load, the files robots.txt kept Googlebot
 * from, and the console errors and uncaught exceptions of the page's scripts. Each list is capped (the
 * report carries the first MOBILE_REPORT_LIMITS of each and the total), so a page that fails a thousand
 * requests or logs in a loop cannot grow the report without end.
 */

function cappedList<T>(max: number, key: (item: T) => string) {
  const items: T[] = [];
  const seen = new Set<string>();
  let total = 0;
  return {
    add(item: T): void {
      const id = key(item);
      if (seen.has(id)) return;
      seen.add(id);
      total += 1;
      if (items.length < max) items.push(item);
    },
    result: (): MobileList<T> => ({ items: [...items], total }),
  };
}

// Chromium logs every failed request as a console error too; the failed-files list already names them.
const NETWORK_NOISE = /^Failed to load resource\b/;

/** `url:line:column` of a stack's first frame that names an http(s) address (V8's `at f (url:1:2)` form). */
export function sourceOfStack(stack: string | undefined): string | undefined {
  const frame = /(https?:\/\/[^\s()]+):(\d+):(\d+)/.exec(stack ?? '');
  return frame ? `${frame[1]}:${frame[2]}:${frame[3]}` : undefined;
}

const clip = (text: string) =>
  text.length > MOBILE_REPORT_LIMITS.consoleLineChars
    ? `${text.slice(0, MOBILE_REPORT_LIMITS.consoleLineChars)}…`
    : text;

export interface RenderDiagnostics {
  failed(resource: MobileFailedResource): void;
  robotsBlocked(resource: MobileResource): void;
  /** Starts listening to the page's console and uncaught exceptions. */
  watch(page: Page): void;
  result(): {
    failedResources: MobileList<MobileFailedResource>;
    robotsBlocked: MobileList<MobileResource>;
    consoleErrors: MobileList<MobileConsoleError>;
  };
}

export function createDiagnostics(
  limits: { resources: number; consoleLines: number } = MOBILE_REPORT_LIMITS,
): RenderDiagnostics {
  const failed = cappedList<MobileFailedResource>(limits.resources, (item) => `${item.type} ${item.url}`);
  const blocked = cappedList<MobileResource>(limits.resources, (item) => `${item.type} ${item.url}`);
  // Repeated identical lines (a script logging in a loop) count once.
  const errors = cappedList<MobileConsoleError>(
    limits.consoleLines,
    (item) => `${item.kind} ${item.text} ${item.source ?? ''}`,
  );

  function onConsole(message: ConsoleMessage): void {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (NETWORK_NOISE.test(text)) return;
    const { url, lineNumber, columnNumber } = message.location();
    // Playwright counts lines and columns from 0; people (and DevTools) count from 1.
    const source = /^https?:/.test(url) ? `${url}:${lineNumber + 1}:${columnNumber + 1}` : undefined;
    errors.add(source ? { kind: 'console', text: clip(text), source } : { kind: 'console', text: clip(text) });
  }

  function onPageError(error: Error): void {
    const text = clip(error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message);
    const source = sourceOfStack(error.stack);
    errors.add(source ? { kind: 'exception', text, source } : { kind: 'exception', text });
  }

  return {
    failed: (resource) => failed.add(resource),
    robotsBlocked: (resource) => blocked.add(resource),
    watch(page) {
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
    },
    result: () => ({
      failedResources: failed.result(),
      robotsBlocked: blocked.result(),
      consoleErrors: errors.result(),
    }),
  };
}

/** Serialises the document in the page, sending back at most `maxChars` characters and its full UTF-8 size. */
export function serialiseDocument(maxChars: number): { html: string; bytes: number } {
  const doctype = document.doctype;
  const head = doctype
    ? `<!DOCTYPE ${doctype.name}${doctype.publicId ? ` PUBLIC "${doctype.publicId}"` : ''}${doctype.systemId ? ` "${doctype.systemId}"` : ''}>\n`
    : '';
  // A script may have removed the root element itself.
  const whole = head + (document.documentElement?.outerHTML ?? '');
  return { html: whole.slice(0, maxChars), bytes: new Blob([whole]).size };
}

/** The rendered HTML as the report carries it: cut to `maxBytes` UTF-8 bytes at a character boundary. */
export function capRenderedHtml(
  serialised: { html: string; bytes: number },
  maxBytes: number = MOBILE_REPORT_LIMITS.renderedHtmlBytes,
): { html: string; bytes: number; truncated: boolean } {
  const encoded = Buffer.from(serialised.html, 'utf8');
  if (serialised.bytes <= maxBytes && encoded.length <= maxBytes)
    return { html: serialised.html, bytes: serialised.bytes, truncated: false };
  let end = Math.min(maxBytes, encoded.length);
  // Back up to the first byte of a UTF-8 sequence, so no character is cut in half.
  while (end > 0 && (encoded[end] & 0xc0) === 0x80) end -= 1;
  return { html: encoded.subarray(0, end).toString('utf8'), bytes: serialised.bytes, truncated: true };
}
