import type { AppDeps, Feature } from '#server/deps.ts';
import { adminRouter } from './admin-router.ts';
import { createLeadDelivery, type LeadDelivery } from './delivery.ts';
import { formsRouter } from './forms-router.ts';

/**
 * Leads: the contact and write-for-us forms (one form path), the outbox that delivers them by
 * webhook and email, and the password-protected inbox at /admin when ADMIN_PASSWORD is set.
 */
export function leadsFeature({ config, db, log, assets }: AppDeps): Feature & { delivery: LeadDelivery } {
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
    mounts: config.admin
      ? [{ path: '/admin', router: adminRouter({ config, db, log, password: config.admin.password, css: assets.css }) }]
      : [],
    // Queued deliveries (restarts included) go out once the server listens.
    start: () => delivery.worker.start(),
    stop: () => delivery.worker.stop(),
    delivery,
  };
}
