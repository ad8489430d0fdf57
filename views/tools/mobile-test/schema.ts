import { z } from 'zod';

export const MAX_URL_LENGTH = 2048;

export const mobileTestRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL to test.' })
    .trim()
    .min(1, 'Please enter a URL to test.')
    .max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`),
});

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
