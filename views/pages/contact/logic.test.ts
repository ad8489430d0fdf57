import { expect, test } from 'vitest';
import { formatInr, ONE_TIME_AUDIT } from '#views/model/plans.ts';
import { planFromQuery, planMessage } from './logic.ts';

test('the one-time audit\'s "Ask about" button names it and its price in the form; a package keeps its words', () => {
  const audit = planFromQuery('?plan=audit');
  expect(audit).toEqual({ name: ONE_TIME_AUDIT.name, noun: '', price: `${formatInr(ONE_TIME_AUDIT.priceInr)} + GST` });
  expect(planMessage(audit!)).toBe(
    'I would like to know more about the Technical SEO audit (one-time) (₹7,500 + GST).',
  );
  expect(planMessage(planFromQuery('?plan=growth')!)).toMatch(
    /^I would like to know more about the Growth package \(₹[\d,]+ per month \+ GST\)\.$/,
  );
  expect(planFromQuery('?plan=nothing')).toBeNull();
});
