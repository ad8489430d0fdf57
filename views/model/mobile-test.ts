/** The mobile-friendly test's report: answered by the service, shown by the widget. */
export type MobilePriority = 'high' | 'medium' | 'low';

/*
 * The screens a test can use (docs/decisions/0045): Chrome DevTools' Moto G4 (the tool's phone since it
 * first rendered, and Lighthouse's mobile screen for years), its Pixel 7 (a current large phone) and its
 * iPad Mini. Widths drive every check; heights only frame the screenshot.
 */
export const MOBILE_DEVICES = {
  phone: { label: 'Phone', kind: 'phone', width: 360, height: 640 },
  'phone-large': { label: 'Large phone', kind: 'phone', width: 412, height: 915 },
  tablet: { label: 'Tablet', kind: 'tablet', width: 768, height: 1024 },
} as const;

export type MobileDeviceId = keyof typeof MOBILE_DEVICES;
export const MOBILE_DEVICE_IDS = Object.keys(MOBILE_DEVICES) as MobileDeviceId[];
export const DEFAULT_MOBILE_DEVICE: MobileDeviceId = 'phone';

/** Who the page is loaded as: Chrome on an Android phone, or Google's smartphone crawler (which obeys robots.txt). */
export const MOBILE_AGENTS = {
  browser: { label: 'Phone browser (Chrome on Android)' },
  googlebot: { label: 'Googlebot smartphone' },
} as const;

export type MobileAgentId = keyof typeof MOBILE_AGENTS;
export const MOBILE_AGENT_IDS = Object.keys(MOBILE_AGENTS) as MobileAgentId[];
export const DEFAULT_MOBILE_AGENT: MobileAgentId = 'browser';

export interface MobileTestOptions {
  device: MobileDeviceId;
  userAgent: MobileAgentId;
}

export const DEFAULT_MOBILE_OPTIONS: MobileTestOptions = {
  device: DEFAULT_MOBILE_DEVICE,
  userAgent: DEFAULT_MOBILE_AGENT,
};

/** How much of what a render met the report carries: the rest is counted, not listed. */
export const MOBILE_REPORT_LIMITS = {
  /** Failed resources and robots-blocked resources listed, each. */
  resources: 100,
  /** Console errors and uncaught exceptions listed. */
  consoleLines: 50,
  /** Characters of one console line kept. */
  consoleLineChars: 1000,
  /** UTF-8 bytes of the rendered HTML kept (the rest is cut, and the report says so). */
  renderedHtmlBytes: 512 * 1024,
  /** Hosts whose robots.txt one Googlebot render reads; files on further hosts are not loaded. */
  robotsHosts: 10,
} as const;

export interface MobileCheck {
  id: string;
  title: string;
  priority: MobilePriority;
  status: 'pass' | 'warning' | 'fail';
  detail: string;
  /** How to fix it; shown when the check does not pass. */
  fix: string;
  /** The rendered test's offending elements (e.g. `<a#next> "Next" 18×18`). */
  items?: string[];
}

/** A file the page asked for: its address and Chromium's resource type (image, script, stylesheet, font, fetch, ...). */
export interface MobileResource {
  url: string;
  type: string;
}

/** A file that did not load: the HTTP status it answered (400 and up), or why there was no answer. */
export interface MobileFailedResource extends MobileResource {
  status?: number;
  error?: string;
}

/** A `console.error` call or an exception no script caught, with where it came from when known. */
export interface MobileConsoleError {
  kind: 'console' | 'exception';
  text: string;
  /** `url:line:column` of the call or the throw. */
  source?: string;
}

/** A list the report caps: `total` counts them all, `items` holds the first ones. */
export interface MobileList<T> {
  items: T[];
  total: number;
}

export interface MobileReport {
  url: string;
  /** True only when every high-priority check passes. */
  mobileFriendly: boolean;
  checks: MobileCheck[];
  stylesheets: { analysed: string[]; skipped: string[] };
  testedAt: string;
  /** The screen and the user agent the page was tested with. */
  device: MobileDeviceId;
  userAgent: MobileAgentId;
  /** The User-Agent header sent. */
  userAgentString: string;
  /** True when the page was loaded in Chromium on the device's screen; false for the HTML-and-CSS reading. */
  rendered: boolean;
  /** What the screen showed (PNG data URL at the device's size), when rendered. */
  screenshot?: string;
  /** Requests the page made that the guarded fetcher refused (private or reserved addresses), when rendered. */
  blocked?: string[];
  /** Files that answered an error status or no answer at all, when rendered. */
  failedResources?: MobileList<MobileFailedResource>;
  /** Files not fetched because their host's robots.txt disallows them for Googlebot, when rendered as Googlebot. */
  robotsBlocked?: MobileList<MobileResource>;
  /** Console errors and uncaught exceptions, when rendered. */
  consoleErrors?: MobileList<MobileConsoleError>;
  /** The document after its scripts ran (cut at MOBILE_REPORT_LIMITS.renderedHtmlBytes), when rendered. */
  renderedHtml?: { html: string; bytes: number; truncated: boolean };
  /**
   * Lab Core Web Vitals when it was read (at its load, on the device's screen): the site audit's
   * measurement (docs/decisions/0056), graded with the same thresholds. When rendered.
   */
  vitals?: { lcpMs: number | null; cls: number; tbtMs: number };
  /** axe-core's WCAG 2.0/2.1 A and AA failures, per rule (the site audit's run), when rendered. */
  accessibility?: Array<{ rule: string; impact: string | null; count: number; element: string }>;
  /** Bytes of every response the page loaded, when rendered. */
  pageBytes?: number;
  /** Limits that cut the render short (time, page weight), in plain words. */
  notes?: string[];
}
