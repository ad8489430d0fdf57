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
}

export interface MobileReport {
  url: string;
  /** True only when every high-priority check passes. */
  mobileFriendly: boolean;
  checks: MobileCheck[];
  stylesheets: { analysed: string[]; skipped: string[] };
  testedAt: string;
}
