import type { AppDeps, Feature } from '#server/deps.ts';
import { createLeadDelivery, type LeadDelivery } from './delivery.ts';
import { formsRouter } from './forms-router.ts';
import { inboxSection } from './inbox-section.ts';

/**
 * Leads: the contact and write-for-us forms (one form path), the outbox that delivers them by
 * webhook and email, and the inbox: the admin's home section (/admin, with ADMIN_PASSWORD).
 */
export function leadsFeature({ config, db, log }: AppDeps): Feature & { delivery: LeadDelivery } {
  const delivery = createLeadDelivery({
    db,
    log,
    settings: config.leadDelivery,
    siteUrl: config.siteUrl,
    businessEmail: config.siteProfile.business.email,
    userAgent: `LeadDelivery/1.0 (+${config.siteUrl})`,
  });
  return {
    api: formsRouter({ db, log, leads: delivery }),
    admin: [inboxSection({ config, db, log })],
    // Queued deliveries (restarts included) go out once the server listens.
    start: () => delivery.worker.start(),
    stop: () => delivery.worker.stop(),
    delivery,
  };
}
