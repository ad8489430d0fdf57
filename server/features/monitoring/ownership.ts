import { randomBytes } from 'node:crypto';
import { getMonitor, type MonitorRow } from '#db/monitoring/monitors.ts';
import { keepMonitorSigningKey } from '#db/monitoring/signing-key.ts';
import { ExpiredError, NotAllowedError, NotFoundError } from '#server/lib/domain-errors.ts';
import type { ServiceContext } from './service-types.ts';
import { createTokens, type MonitorTokens, type TokenPurpose } from './tokens.ts';
import { verifyOwnership, type VerifyResult } from './verify.ts';
import { isId } from '#views/model/ids.ts';

/**
 * A monitor's signed link is genuine but its monitor is gone: deleted by its owner or the operator,
 * or never confirmed within a day. Gone, not forbidden: the link was good (410, not 403).
 */
export class MonitorDeletedError extends ExpiredError {
  constructor() {
    super(
      'This monitor has been deleted, so its links no longer work. To monitor the site again, start from a website audit.',
    );
  }
}

/**
 * Who may do what to a monitor (issue 25's signed links, no accounts) and whether the site is the
 * visitor's (the meta tag or the file, docs/decisions/0043): the links, their tokens, the checks.
 */
export function createOwnership({ db, options, now }: ServiceContext) {
  let tokensPromise: Promise<MonitorTokens> | undefined;
  const tokens = () =>
    (tokensPromise ??= keepMonitorSigningKey(db, randomBytes(32).toString('base64url')).then(createTokens));

  const links = {
    confirm: (token: string) => `${options.siteUrl}/monitor/confirm?token=${encodeURIComponent(token)}`,
    manage: (id: string, token: string) => `${options.siteUrl}/monitor/${id}?token=${encodeURIComponent(token)}`,
  };

  /** The operator's read by id (no token): 404 for an id that names no monitor. */
  async function stored(id: string): Promise<MonitorRow> {
    const monitor = isId(id) ? await getMonitor(db, id) : undefined;
    if (!monitor) throw new NotFoundError('No monitor with that id (it may have been deleted).');
    return monitor;
  }

  /** The monitor a genuine link names; only a monitor that existed has one, so its absence means deleted. */
  async function linked(id: string): Promise<MonitorRow> {
    const monitor = await getMonitor(db, id);
    if (!monitor) throw new MonitorDeletedError();
    return monitor;
  }

  /** The monitor a signed link is for: 403 for a forged link or one of another monitor or purpose, 410 once deleted. */
  async function authorized(id: string, token: string, purpose: TokenPurpose): Promise<MonitorRow> {
    const check = (await tokens()).check(token, purpose, now().getTime());
    if (!check.ok || check.id !== id) throw new NotAllowedError('This link is not valid for this monitor.');
    return linked(id);
  }

  /** A fresh manage link (the same for a monitor every time: manage tokens do not expire). */
  async function manageLink(id: string): Promise<{ manageToken: string; manageUrl: string }> {
    const manageToken = (await tokens()).issue(id, 'manage', now().getTime());
    return { manageToken, manageUrl: links.manage(id, manageToken) };
  }

  function checkOwnership(monitor: MonitorRow): Promise<VerifyResult> {
    return verifyOwnership(options.fetcher, {
      url: monitor.url,
      origin: monitor.origin,
      token: monitor.verificationToken,
      brandName: options.brandName,
    });
  }

  return { tokens, links, stored, linked, authorized, manageLink, checkOwnership };
}

export type Ownership = ReturnType<typeof createOwnership>;
