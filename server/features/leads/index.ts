import type { AppDeps, Feature } from '#server/deps.ts';
import { createLeadDelivery, type LeadDelivery } from './delivery.ts';
import { formsRouter } from './forms-router.ts';
import { inboxSection } from './inbox-section.ts';

/**
 * Leads: the contact and write-for-us forms (one form path), their notifications to the operator by
 * webhook and email (queued in the one outbox, server/lib/messaging), and the inbox: the admin's
 * home section (/admin, with ADMIN_PASSWORD).
 */
export function leadsFeature({ config, db, log, messaging }: AppDeps): Feature & { delivery: LeadDelivery } {
  const delivery = createLeadDelivery({ db, settings: config.leadDelivery, messaging });
  return {
    api: formsRouter({ db, log, leads: delivery }),
    admin: [inboxSection({ config, db, log })],
    delivery,
  };
}
