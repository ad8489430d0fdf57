import { DomainError } from '#server/lib/domain-errors.ts';

/**
 * The crawl could not begin: the start URL is invalid (`invalid-input`), robots.txt forbids it
 * (`not-possible`) or the start page could not be fetched as an HTML page (`upstream`).
 */
export class CrawlStartError extends DomainError {
  constructor(kind: 'invalid-input' | 'not-possible' | 'upstream', message: string) {
    super(kind, message);
  }
}

export function isCrawlStartError(value: unknown): value is CrawlStartError {
  return value instanceof CrawlStartError;
}

export type StartFailureKind = ConstructorParameters<typeof CrawlStartError>[0];
