/** The mobile-friendly test's report: answered by the service, shown by the widget. */
export type MobilePriority = 'high' | 'medium' | 'low';

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

export interface MobileReport {
  url: string;
  /** True only when every high-priority check passes. */
  mobileFriendly: boolean;
  checks: MobileCheck[];
  stylesheets: { analysed: string[]; skipped: string[] };
  testedAt: string;
  /** True when the page was loaded in Chromium at 360×640; false for the HTML-and-CSS reading. */
  rendered: boolean;
  /** What the phone screen showed (PNG data URL, 360×640), when rendered. */
  screenshot?: string;
  /** Requests the page made that the guarded fetcher refused (private or reserved addresses), when rendered. */
  blocked?: string[];
  /** Bytes of every response the page loaded, when rendered. */
  pageBytes?: number;
  /** Limits that cut the render short (time, page weight), in plain words. */
  notes?: string[];
}
