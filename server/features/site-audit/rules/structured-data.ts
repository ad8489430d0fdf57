import { structuredDataDetail } from '#server/lib/structured-data/validate.ts';
import { pageRule, pages, type Rule, type RuleFunction } from './context.ts';

/** Issue types the structured-data validator (server/lib/structured-data) reports, one rule each. */
export const STRUCTURED_DATA_CHECKS = [
  'schema-context-missing',
  'schema-type-unknown',
  'schema-property-unknown',
  'schema-property-wrong-type',
  'schema-date-invalid',
  'schema-price-invalid',
  'schema-currency-invalid',
  'schema-rating-out-of-range',
  'schema-article-recommended-missing',
  'schema-breadcrumb-required-missing',
  'schema-faq-required-missing',
  'schema-local-business-required-missing',
  'schema-organization-recommended-missing',
  'schema-product-required-missing',
  'schema-review-required-missing',
  'schema-rating-required-missing',
  'schema-software-app-required-missing',
  'schema-job-posting-required-missing',
  'schema-event-required-missing',
  'schema-recipe-required-missing',
  'schema-video-required-missing',
] as const;

function validatorRule(check: string): RuleFunction {
  return (context) =>
    pages(context).flatMap((node) => {
      const detail = structuredDataDetail(node.page.structuredDataProblems, check);
      return detail === null ? [] : [{ url: node.url, detail }];
    });
}

/** Rules of the "structured-data" checks (catalogue: views/model/site-audit-checks/structured-data.ts). */
export const structuredDataRules: Record<string, Rule> = Object.fromEntries(
  STRUCTURED_DATA_CHECKS.map((check) => [check, pageRule(validatorRule(check))]),
);
