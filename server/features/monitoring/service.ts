import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '#db/index.ts';
import {
  confirmEmail,
  countMonitoredSites,
  countMonitorsOfEmail,
  deleteMonitor,
  deleteUnconfirmedBefore,
  getMonitor,
  insertMonitor,
  isMonitoredUrl,
  listMonitors,
  updateMonitor,
  type MonitorKind,
  type MonitorPatch,
  type MonitorRow,
  type MonitorSchedule,
} from '#db/monitoring/monitors.ts';
import { keepMonitorSigningKey } from '#db/monitoring/signing-key.ts';
import { listRuns } from '#db/monitoring/runs.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import type { MonitoringSettings } from '#server/config/monitoring.ts';
import { normalizeUrl } from '#server/lib/crawler/index.ts';
import {
  ConflictError,
  DomainError,
  ExpiredError,
  InvalidInputError,
  NotAllowedError,
  NotFoundError,
  NotPossibleError,
} from '#server/lib/domain-errors.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { spendCheckNow, spendConfirmation } from './limits.ts';
import { confirmationMail } from './mail.ts';
import { enqueueMessages } from './messages.ts';
import { DIGEST_INTERVAL_MS, nextSlot, startRun, type RunStarter } from './runs.ts';
import { CONFIRM_TTL_MS, createTokens, type MonitorTokens, type TokenPurpose } from './tokens.ts';
import { verificationFor, verifyOwnership, type VerifyResult } from './verify.ts';

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
  /** Stores a confirmed visitor monitor as a lead (admin inbox and lead delivery). */
  storeLead: (monitor: MonitorRow) => Promise<void>;
  now?: () => Date;
}

export interface NewVisitorMonitor {
  url: string;
  email: string;
  schedule: MonitorSchedule;
  webhookUrl?: string | null;
  auditId?: string;
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
  schedule?: MonitorSchedule;
  paused?: boolean;
  digest?: boolean;
  webhookUrl?: string | null;
  scoreDrop?: number;
  /** Client monitors only (the operator's page). */
  recipients?: string[];
}

/** A monitor as the manage page and the operator's page read it. */
export type MonitorView = ReturnType<ReturnType<typeof createMonitoringService>['view']>;

const NO_MAIL =
  'Monitoring is not available on this server yet: it cannot send email (the operator has not set SMTP_URL).';

/** The monitor's start URL, by the one rule every tool uses for a typed URL. */
function startUrlOf(url: string): string {
  const typed = typedUrl(url);
  const start = typed.ok ? normalizeUrl(typed.url) : null;
  if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
  return start;
}

/** When a monitor is scheduled: active, its address confirmed and its site verified (clients skip both). */
function schedulable(monitor: Pick<MonitorRow, 'kind' | 'status' | 'emailConfirmedAt' | 'verifiedAt'>): boolean {
  if (monitor.status !== 'active') return false;
  return monitor.kind === 'client' || (monitor.emailConfirmedAt !== null && monitor.verifiedAt !== null);
}

/**
 * Site monitors (issue 25): visitors' monitors with double opt-in (a confirmed address and a
 * verified site), the operator's client monitors, signed links instead of accounts, "Check now".
 * Framework-free; throws domain errors for the API to map. The schedule itself is scheduler.ts's.
 */
export function createMonitoringService(options: MonitoringServiceOptions) {
  const { db, settings } = options;
  const now = options.now ?? (() => new Date());
  let tokensPromise: Promise<MonitorTokens> | undefined;
  const tokens = () =>
    (tokensPromise ??= keepMonitorSigningKey(db, randomBytes(32).toString('base64url')).then(createTokens));

  const links = {
    confirm: (token: string) => `${options.siteUrl}/monitor/confirm?token=${encodeURIComponent(token)}`,
    manage: (id: string, token: string) => `${options.siteUrl}/monitor/${id}?token=${encodeURIComponent(token)}`,
    unsubscribe: (id: string, token: string) =>
      `${options.siteUrl}/monitor/unsubscribe?id=${id}&token=${encodeURIComponent(token)}`,
    unsubscribeApi: (id: string, token: string) =>
      `${options.siteUrl}/api/monitors/${id}/unsubscribe?token=${encodeURIComponent(token)}`,
    report: (auditId: string) => `${options.siteUrl}/site-audit/${auditId}`,
  };

  async function stored(id: string): Promise<MonitorRow> {
    const monitor = /^[A-Za-z0-9_-]{22}$/.test(id) ? await getMonitor(db, id) : undefined;
    if (!monitor) throw new NotFoundError('No monitor with that id (it may have been deleted).');
    return monitor;
  }

  /** The monitor a signed link is for; 403 for a link of another monitor or purpose, 404 once deleted. */
  async function authorized(id: string, token: string, purpose: TokenPurpose): Promise<MonitorRow> {
    const check = (await tokens()).check(token, purpose, now().getTime());
    if (!check.ok || check.id !== id) throw new NotAllowedError('This link is not valid for this monitor.');
    return stored(id);
  }

  /** Schedules the monitor's first run at once when it has just become schedulable. */
  function activation(before: MonitorRow, after: MonitorRow): MonitorPatch {
    if (!schedulable(after)) return { nextRunAt: null };
    if (schedulable(before) && before.nextRunAt !== null) return {};
    return { nextRunAt: now().toISOString() };
  }

  async function apply(monitor: MonitorRow, patch: MonitorPatch): Promise<MonitorRow> {
    const merged: MonitorRow = {
      ...monitor,
      ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
    } as MonitorRow;
    const scheduling = activation(monitor, merged);
    await updateMonitor(db, monitor.id, { ...patch, ...scheduling });
    return (await getMonitor(db, monitor.id)) ?? merged;
  }

  async function view(monitor: MonitorRow) {
    const runs = await listRuns(db, monitor.id);
    return {
      id: monitor.id,
      kind: monitor.kind,
      url: monitor.url,
      email: monitor.email,
      recipients: monitor.recipients,
      schedule: monitor.schedule,
      status: monitor.status,
      emailConfirmed: monitor.emailConfirmedAt !== null,
      verified: monitor.kind === 'client' || monitor.verifiedAt !== null,
      webhookUrl: monitor.webhookUrl,
      digest: monitor.digest,
      scoreDrop: monitor.scoreDrop,
      verification: verificationFor(options.brandName, monitor.verificationToken),
      nextRunAt: monitor.nextRunAt,
      lastRunAt: monitor.lastRunAt,
      createdAt: monitor.createdAt,
      runs: runs.map((run) => ({
        id: run.id,
        at: run.createdAt,
        trigger: run.trigger,
        status: run.status,
        auditId: run.auditId,
        score: run.score,
        regressions: run.regressions,
        fixedCount: run.fixedCount,
        alerted: run.alertedAt !== null,
      })),
    };
  }

  async function checkOwnership(monitor: MonitorRow): Promise<VerifyResult> {
    return verifyOwnership(options.fetcher, {
      url: monitor.url,
      origin: monitor.origin,
      token: monitor.verificationToken,
      brandName: options.brandName,
    });
  }

  async function change(monitor: MonitorRow, changes: MonitorChanges): Promise<MonitorRow> {
    const patch: MonitorPatch = {};
    if (changes.schedule !== undefined) patch.schedule = changes.schedule;
    if (changes.webhookUrl !== undefined) patch.webhookUrl = changes.webhookUrl;
    if (changes.scoreDrop !== undefined) patch.scoreDrop = changes.scoreDrop;
    if (changes.recipients !== undefined) {
      if (monitor.kind !== 'client') throw new InvalidInputError('Only client monitors have a list of recipients.');
      patch.recipients = changes.recipients;
      patch.email = changes.recipients[0];
    }
    if (changes.digest !== undefined) {
      patch.digest = changes.digest;
      if (changes.digest !== monitor.digest)
        patch.nextDigestAt = changes.digest ? new Date(now().getTime() + DIGEST_INTERVAL_MS).toISOString() : null;
    }
    if (changes.paused === true && monitor.status !== 'paused') patch.status = 'paused';
    if (changes.paused === false && monitor.status === 'paused')
      patch.status = monitor.kind === 'client' || monitor.emailConfirmedAt ? 'active' : 'unconfirmed';
    const updated = await apply(monitor, patch);
    // A new schedule counts from now: the next slot is one new period away (or now, if none is set).
    if (changes.schedule !== undefined && changes.schedule !== monitor.schedule && schedulable(updated)) {
      await updateMonitor(db, monitor.id, { nextRunAt: nextSlot(changes.schedule, now()).toISOString() });
      return (await getMonitor(db, monitor.id)) ?? updated;
    }
    return updated;
  }

  async function runNow(monitor: MonitorRow) {
    if (!schedulable(monitor))
      throw new ConflictError(
        monitor.status === 'paused'
          ? 'This monitor is paused: resume it first.'
          : monitor.emailConfirmedAt === null
            ? 'Confirm your address first (the link in the email we sent); then the site can be checked.'
            : 'Verify the site first (the tag on the start page or the file at its root); then the site can be checked.',
      );
    await spendCheckNow(db, settings, monitor.id, now().getTime());
    const at = now();
    const started = await startRun(options, monitor, 'manual', at.toISOString(), at);
    if (!started) throw new ConflictError('A check of this site has just started.');
    return started;
  }

  return {
    view,
    links,
    tokens,

    /** A visitor's monitor, unconfirmed: the confirmation mail (signed link, 24 h) is queued with it. */
    async create(input: NewVisitorMonitor, from: { ipHash: string | null }) {
      if (!options.mailEnabled) throw new DomainError('busy', NO_MAIL, 3600);
      const url = startUrlOf(input.url);
      const email = input.email.trim();
      const at = now();
      await deleteUnconfirmedBefore(db, new Date(at.getTime() - CONFIRM_TTL_MS).toISOString());
      if (input.auditId !== undefined && !(await getSiteAudit(db, input.auditId)))
        throw new NotFoundError('No site audit with that id.');
      if ((await countMonitorsOfEmail(db, email)) >= settings.maxPerEmail)
        throw new NotPossibleError(
          `This address already has ${settings.maxPerEmail} monitor${settings.maxPerEmail === 1 ? '' : 's'}, the most one address may have: delete one from its manage page first.`,
        );
      if (!(await isMonitoredUrl(db, url)) && (await countMonitoredSites(db)) >= settings.maxSites)
        throw new NotPossibleError(
          `This server already monitors ${settings.maxSites} sites, as many as it can: please try again later.`,
        );
      await spendConfirmation(db, settings, { email, ipHash: from.ipHash }, at.getTime());
      const id = randomBytes(16).toString('base64url');
      const verificationToken = randomBytes(16).toString('hex');
      const verification = verificationFor(options.brandName, verificationToken);
      const origin = new URL(url).origin;
      const confirmToken = (await tokens()).issue(id, 'confirm', at.getTime());
      const mail = confirmationMail({
        brandName: options.brandName,
        email,
        monitorUrl: url,
        origin,
        confirmUrl: links.confirm(confirmToken),
        verification,
        verified: false,
      });
      await db.transaction().execute(async (trx) => {
        await insertMonitor(trx, {
          id,
          kind: 'visitor',
          url,
          origin,
          email,
          schedule: input.schedule,
          webhookUrl: input.webhookUrl ?? null,
          status: 'unconfirmed',
          verificationToken,
          scoreDrop: settings.scoreDrop,
          digest: false,
          auditId: input.auditId ?? null,
          createdAt: at.toISOString(),
          ipHash: from.ipHash,
        });
        await enqueueMessages(
          trx,
          [
            {
              id: randomUUID(),
              monitorId: id,
              runId: null,
              channel: 'email',
              purpose: 'confirm',
              payload: JSON.stringify(mail),
              createdAt: at.toISOString(),
            },
          ],
          at.getTime(),
        );
      });
      options.kick();
      return { id, status: 'unconfirmed' as const, verification };
    },

    /**
     * The address is confirmed (the mail's signed link): the monitor becomes active, a lead, and is
     * checked for the proof of ownership at once. Confirming again answers the same.
     */
    async confirm(token: string) {
      const check = (await tokens()).check(token, 'confirm', now().getTime());
      if (!check.ok && check.reason === 'expired')
        throw new ExpiredError(
          'This confirmation link has expired (links last 24 hours). Ask for monitoring again from your audit report.',
        );
      if (!check.ok)
        throw new InvalidInputError('This confirmation link is not valid. Copy the whole link from the email.');
      let monitor = await stored(check.id);
      // Of two confirmations at once, one stores it (and the lead).
      if (monitor.emailConfirmedAt === null && (await confirmEmail(db, monitor.id, now().toISOString()))) {
        const confirmed = (await getMonitor(db, monitor.id)) ?? monitor;
        monitor = await apply(monitor, { emailConfirmedAt: confirmed.emailConfirmedAt, status: confirmed.status });
        if (monitor.kind === 'visitor') await options.storeLead(monitor);
      } else monitor = await stored(monitor.id);
      if (monitor.verifiedAt === null) {
        const result = await checkOwnership(monitor).catch(() => ({ verified: false, detail: '' }));
        if (result.verified) monitor = await apply(monitor, { verifiedAt: now().toISOString() });
      }
      const manageToken = (await tokens()).issue(monitor.id, 'manage', now().getTime());
      return {
        id: monitor.id,
        status: monitor.status,
        verified: monitor.verifiedAt !== null,
        manageToken,
        manageUrl: links.manage(monitor.id, manageToken),
      };
    },

    async get(id: string, token: string) {
      return view(await authorized(id, token, 'manage'));
    },

    async update(id: string, token: string, changes: MonitorChanges) {
      const monitor = await authorized(id, token, 'manage');
      if (changes.recipients !== undefined) throw new InvalidInputError('Unexpected field: recipients');
      return view(await change(monitor, changes));
    },

    /** Looks for the meta tag or the file now; a verified, confirmed monitor is scheduled at once. */
    async verify(id: string, token: string): Promise<VerifyResult> {
      const monitor = await authorized(id, token, 'manage');
      if (monitor.kind === 'client' || monitor.verifiedAt !== null)
        return { verified: true, detail: 'This site is already verified.' };
      const result = await checkOwnership(monitor);
      if (result.verified) await apply(monitor, { verifiedAt: now().toISOString() });
      return result;
    },

    async runNow(id: string, token: string) {
      return runNow(await authorized(id, token, 'manage'));
    },

    async remove(id: string, token: string): Promise<void> {
      await authorized(id, token, 'manage');
      await deleteMonitor(db, id);
    },

    /** One-click unsubscribe (RFC 8058): the monitor's mail stops (it is paused); resuming is the manage page's. */
    async unsubscribe(id: string, token: string) {
      const monitor = await authorized(id, token, 'unsubscribe');
      const updated = monitor.status === 'paused' ? monitor : await apply(monitor, { status: 'paused' });
      return { id: updated.id, status: updated.status };
    },

    // ---- The operator's client monitors (the admin Client sites page calls these).

    /** A client site, added by the operator who answers for it: active at once, no confirmation, no verification. */
    async createClientMonitor(input: NewClientMonitor) {
      const url = startUrlOf(input.url);
      if (input.recipients.length === 0) throw new InvalidInputError('Add at least one recipient.');
      if (!(await isMonitoredUrl(db, url)) && (await countMonitoredSites(db)) >= settings.maxSites)
        throw new NotPossibleError(`This server already monitors ${settings.maxSites} sites (MONITOR_MAX_SITES).`);
      const at = now().toISOString();
      const id = randomBytes(16).toString('base64url');
      await insertMonitor(db, {
        id,
        kind: 'client',
        url,
        origin: new URL(url).origin,
        email: input.recipients[0]!,
        recipients: input.recipients,
        schedule: input.schedule,
        webhookUrl: input.webhookUrl ?? null,
        status: 'active',
        emailConfirmedAt: at,
        verificationToken: randomBytes(16).toString('hex'),
        scoreDrop: input.scoreDrop ?? settings.scoreDrop,
        digest: input.digest ?? false,
        nextRunAt: at,
        nextDigestAt: input.digest ? new Date(now().getTime() + DIGEST_INTERVAL_MS).toISOString() : null,
        createdAt: at,
        ipHash: null,
      });
      return view((await getMonitor(db, id))!);
    },

    /** Monitors of a kind (or all), newest first, as views with their runs. */
    async listMonitors(kind?: MonitorKind) {
      return Promise.all((await listMonitors(db, kind)).map((monitor) => view(monitor)));
    },

    /** The operator's read of any monitor (no token: the admin pages are behind the sign-in). */
    async getMonitor(id: string) {
      return view(await stored(id));
    },

    async updateMonitor(id: string, changes: MonitorChanges) {
      return view(await change(await stored(id), changes));
    },

    async deleteMonitor(id: string): Promise<void> {
      await stored(id);
      await deleteMonitor(db, id);
    },

    /** "Check now" from the operator's page: the same run, without the visitor's hourly limit. */
    async runMonitorNow(id: string) {
      const monitor = await stored(id);
      if (!schedulable(monitor)) throw new ConflictError('This monitor is paused: resume it first.');
      const at = now();
      const started = await startRun(options, monitor, 'manual', at.toISOString(), at);
      if (!started) throw new ConflictError('A check of this site has just started.');
      return started;
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
