export type SiteAuditErrorCode = 'invalid-url' | 'not-found' | 'not-owner' | 'finished' | 'not-done' | 'busy' | 'closing';

/** Why a site-audit request cannot be served; the API maps each code to an HTTP status. */
export class SiteAuditError extends Error {
  constructor(
    readonly code: SiteAuditErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SiteAuditError';
  }
}

export function isSiteAuditError(value: unknown): value is SiteAuditError {
  return value instanceof SiteAuditError;
}
