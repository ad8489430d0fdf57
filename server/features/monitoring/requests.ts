import { randomBytes, randomUUID } from 'node:crypto';
import {
  countConfirmedMonitorsOf,
  countMonitoredSites,
  deleteUnconfirmedBefore,
  insertMonitor,
  isMonitoredUrl,
  type MonitorRow,
  type NewMonitor,
} from '#db/monitoring/monitors.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import { normalizeUrl } from '#server/lib/crawler/index.ts';
import { DomainError, InvalidInputError, NotFoundError, NotPossibleError } from '#server/lib/domain-errors.ts';
import { canonicalEmail } from '#views/model/email.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { spendConfirmation } from './limits.ts';
import { confirmationMail } from './mail.ts';
import { enqueueMessages } from './messages.ts';
import type { Ownership } from './ownership.ts';
import { DIGEST_INTERVAL_MS } from './runs.ts';
import type { NewClientMonitor, NewVisitorMonitor, RequestOrigin, ServiceContext } from './service-types.ts';
import { CONFIRM_TTL_MS } from './tokens.ts';
import { verificationFor } from './verify.ts';
import { newId } from '#views/model/ids.ts';

const NO_MAIL =
  'Monitoring is not available on this server yet: it cannot send email (the operator has not set SMTP_URL).';

/** The monitor's start URL, by the one rule every tool uses for a typed URL. */
export function startUrlOf(url: string): string {
  const typed = typedUrl(url);
  const start = typed.ok ? normalizeUrl(typed.url) : null;
  if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
  return start;
}

/** The address's canonical form (views/model/email.ts): the router has checked it; other callers are checked here. */
function mailboxOf(email: string): string {
  const canonical = canonicalEmail(email);
  if (!canonical) throw new InvalidInputError('Email must be a valid email address');
  return canonical;
}

/** The refusal past MONITOR_MAX_PER_EMAIL: at a new request, and at a confirmation. */
export function fullMailbox(maxPerEmail: number): NotPossibleError {
  return new NotPossibleError(
    `This address already has ${maxPerEmail} monitor${maxPerEmail === 1 ? '' : 's'}, the most one address may have: delete one from its manage page first.`,
  );
}

/** What holds a new monitor back: an unknown audit, a mailbox with its monitors, a full server. */
async function refuseBeyondLimits(
  { db, settings }: Pick<ServiceContext, 'db' | 'settings'>,
  request: { url: string; email: string | null; auditId?: string; sitesFull: string },
): Promise<void> {
  if (request.auditId !== undefined && !(await getSiteAudit(db, request.auditId)))
    throw new NotFoundError('No site audit with that id.');
  if (request.email !== null && (await countConfirmedMonitorsOf(db, request.email)) >= settings.maxPerEmail)
    throw fullMailbox(settings.maxPerEmail);
  if (!(await isMonitoredUrl(db, request.url)) && (await countMonitoredSites(db)) >= settings.maxSites)
    throw new NotPossibleError(`This server already monitors ${settings.maxSites} sites${request.sitesFull}`);
}

/**
 * Requests to monitor a site: a visitor's (stored unconfirmed with its confirmation mail, double
 * opt-in; confirmation.ts confirms it) and the operator's client sites (active at once).
 */
export function createRequests(ctx: ServiceContext, ownership: Ownership) {
  const { db, settings, options, now } = ctx;

  /** The stored monitor and its confirmation mail, in one transaction: a mail is never queued for no monitor. */
  async function storeWithMail(monitor: NewMonitor, at: Date) {
    const { id } = monitor;
    const confirmToken = (await ownership.tokens()).issue(id, 'confirm', at.getTime());
    const mail = confirmationMail({
      brandName: options.brandName,
      email: monitor.email,
      monitorUrl: monitor.url,
      origin: monitor.origin,
      confirmUrl: ownership.links.confirm(confirmToken),
      manageUrl: (await ownership.manageLink(id)).manageUrl,
      verification: verificationFor(options.brandName, monitor.verificationToken),
      verified: false,
    });
    await db.transaction().execute(async (trx) => {
      await insertMonitor(trx, monitor);
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
  }

  /** A visitor's monitor, unconfirmed: the confirmation mail (signed link, 24 h) is queued with it. */
  async function create(input: NewVisitorMonitor, from: RequestOrigin) {
    if (!options.mailEnabled) throw new DomainError('busy', NO_MAIL, 3600);
    // From a finished audit, the address it actually crawled (a bare domain's http, its redirects), not the one typed.
    const audit = input.auditId === undefined ? undefined : await getSiteAudit(db, input.auditId);
    const url = audit?.status === 'done' ? audit.url : startUrlOf(input.url);
    const email = mailboxOf(input.email);
    const at = now();
    await deleteUnconfirmedBefore(db, new Date(at.getTime() - CONFIRM_TTL_MS).toISOString());
    const sitesFull = ', as many as it can: please try again later.';
    await refuseBeyondLimits(ctx, { url, email, auditId: input.auditId, sitesFull });
    await spendConfirmation(db, settings, { email, networkHash: from.networkHash }, at.getTime());
    const id = newId();
    const verificationToken = randomBytes(16).toString('hex');
    await storeWithMail(
      {
        id,
        kind: 'visitor',
        url,
        origin: new URL(url).origin,
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
      },
      at,
    );
    options.kick();
    return { id, status: 'unconfirmed' as const, verification: verificationFor(options.brandName, verificationToken) };
  }

  /** A client site, added by the operator who answers for it: active at once, no confirmation, no verification. */
  async function createClientMonitor(input: NewClientMonitor): Promise<MonitorRow> {
    const url = startUrlOf(input.url);
    const recipients = input.recipients.map(mailboxOf);
    if (recipients.length === 0) throw new InvalidInputError('Add at least one recipient.');
    await refuseBeyondLimits(ctx, { url, email: null, sitesFull: ' (MONITOR_MAX_SITES).' });
    const at = now().toISOString();
    const id = newId();
    await insertMonitor(db, {
      id,
      kind: 'client',
      url,
      origin: new URL(url).origin,
      email: recipients[0]!,
      recipients,
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
    return ownership.stored(id);
  }

  return { create, createClientMonitor };
}
