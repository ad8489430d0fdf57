import type { Db } from '#db/index.ts';
import type { MonitorRow, MonitorSchedule } from '#db/monitoring/monitors.ts';
import type { MonitoringSettings } from '#server/config/monitoring.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { RunStarter } from './runs.ts';

/** What the monitoring service is built from (index.ts composes it). */
export interface MonitoringServiceOptions extends RunStarter {
  db: Db;
  /** The guarded fetcher that looks for the proof of ownership. */
  fetcher: SafeFetcher;
  settings: MonitoringSettings;
  siteUrl: string;
  brandName: string;
  /** Mail can go out (SMTP_URL with NOTIFY_EMAIL_TO): without it visitors cannot confirm. */
  mailEnabled: boolean;
  /** Asks for a delivery of what was queued (a confirmation goes out at once). */
  kick: () => void;
  /** Asks for a look at the schedule now (a monitor's first run just became due), whichever process runs jobs. */
  scheduleLookNow: () => void;
  /** Stores a confirmed visitor monitor as a lead (admin inbox and lead delivery). */
  storeLead: (monitor: MonitorRow) => Promise<void>;
  now?: () => Date;
}

/** What every part of the service shares: the options, and the clock read once. */
export interface ServiceContext {
  db: Db;
  settings: MonitoringSettings;
  options: MonitoringServiceOptions;
  now: () => Date;
}

export interface NewVisitorMonitor {
  url: string;
  email: string;
  schedule: MonitorSchedule;
  webhookUrl?: string | null;
  auditId?: string;
}

/**
 * Who asked, as the limits count them: the client's address hashed (stored with the monitor, as
 * leads store theirs) and its network hashed (the address for IPv4, its /64 for IPv6, since one
 * IPv6 subscriber holds a whole /64).
 */
export interface RequestOrigin {
  ipHash: string | null;
  networkHash: string | null;
}

export interface NewClientMonitor {
  url: string;
  recipients: string[];
  schedule: MonitorSchedule;
  webhookUrl?: string | null;
  scoreDrop?: number;
  digest?: boolean;
}

export interface MonitorChanges {
  /** The address to audit, as typed (the one rule: a bare domain is https). */
  url?: string;
  schedule?: MonitorSchedule;
  paused?: boolean;
  digest?: boolean;
  webhookUrl?: string | null;
  scoreDrop?: number;
  /** Client monitors only (the operator's page). */
  recipients?: string[];
}
