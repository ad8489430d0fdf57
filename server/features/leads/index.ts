import type { AppDeps, Feature } from '#server/deps.ts';
import { adminRouter } from './admin-router.ts';
import { createLeadDelivery, type LeadDelivery } from './delivery.ts';
import { formsRouter } from './forms-router.ts';

/**
 * Leads: the contact and write-for-us forms (one form path), their notifications to the operator by
 * webhook and email (queued in the one outbox, server/lib/messaging), and the password-protected
 * inbox at /admin when ADMIN_PASSWORD is set.
 */
export function leadsFeature({ config, db, log, assets, messaging }: AppDeps): Feature & { delivery: LeadDelivery } {
  const delivery = createLeadDelivery({ db, settings: config.leadDelivery, messaging });
  return {
    api: formsRouter({ db, log, leads: delivery }),
    mounts: config.admin
      ? [{ path: '/admin', router: adminRouter({ config, db, log, password: config.admin.password, css: assets.css }) }]
      : [],
    delivery,
  };
}
