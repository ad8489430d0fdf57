import { expect, test } from 'vitest';
import { aboutPageToHtml, aboutPageToText, countWords, generateAboutPage } from './logic.ts';
import { COMPANY_REQUIRED, DESCRIPTION_REQUIRED, validateAboutForm, type AboutForm } from './rules.ts';

function form(overrides: Partial<AboutForm> = {}): AboutForm {
  return { companyName: 'Acme', description: 'We make shoes', foundedYear: '', location: '', audience: '', values: '', ...overrides };
}

function pageFor(overrides: Partial<AboutForm> = {}) {
  const checked = validateAboutForm(form(overrides));
  if (!checked.ok) throw new Error(checked.error);
  return generateAboutPage(checked.input);
}

test('the smallest input still gives a complete page of at least 300 words with headed sections', () => {
  const page = pageFor();
  const text = aboutPageToText(page);
  expect(countWords(text)).toBeGreaterThanOrEqual(300);
  expect(page.sections.map((s) => s.heading)).toEqual(['About Acme', 'Our Story', 'What We Do', 'Who We Serve', 'Our Values', 'Why Choose Us', 'Get in Touch']);
  expect(text).toContain('Welcome to Acme. We make shoes.');
  expect(text).toContain('- Integrity: we do what we say');
});

test('optional fields show up where they belong', () => {
  const text = aboutPageToText(pageFor({ foundedYear: '2012', location: 'Rohini, Delhi', audience: 'Small retailers in North Delhi.', values: 'Honesty, Speed\nTrust' }));
  expect(text).toContain('Acme was founded in 2012 in Rohini, Delhi.');
  expect(text).toContain('We work with small retailers in North Delhi.');
  expect(text).toContain('- Experience: we have been doing this since 2012.');
  expect(text).toContain('- Local knowledge: we know Rohini, Delhi');
  expect(text).toContain('- Honesty: we give straight answers');
  expect(text).toContain('- Speed: we treat speed as part of everyday work');
  expect(text).not.toContain('Integrity');
});

test('repeated values are described once', () => {
  const values = pageFor({ values: 'Trust, trust,\nTRUST , Speed' }).sections.find((s) => s.heading === 'Our Values')?.list;
  expect(values).toHaveLength(2);
});

test('the same input always gives the same page', () => {
  expect(aboutPageToHtml(pageFor({ location: 'Noida' }))).toBe(aboutPageToHtml(pageFor({ location: 'Noida' })));
});

test('HTML escapes everything the user typed', () => {
  const html = aboutPageToHtml(pageFor({ companyName: '<b>"Acme" & Sons</b>', description: "<script>alert('x')</script>" }));
  expect(html).not.toContain('<script>');
  expect(html).not.toContain('<b>');
  expect(html).toContain('<h1>About &#60;b&#62;&#34;Acme&#34; &#38; Sons&#60;/b&#62;</h1>');
  expect(html.match(/<h2>/g)).toHaveLength(6);
});

test('unicode names and descriptions are kept', () => {
  const text = aboutPageToText(pageFor({ companyName: 'दिल्ली डिजिटल', description: 'हम वेबसाइट बनाते हैं' }));
  expect(text).toContain('Welcome to दिल्ली डिजिटल. हम वेबसाइट बनाते हैं.');
});

test('required fields, year range and limits are checked', () => {
  const message = (overrides: Partial<AboutForm>) => {
    const checked = validateAboutForm(form(overrides));
    return checked.ok ? undefined : checked.error;
  };
  expect(message({ companyName: '   ' })).toBe(COMPANY_REQUIRED);
  expect(message({ description: '' })).toBe(DESCRIPTION_REQUIRED);
  expect(message({ foundedYear: '12' })).toBe('Founding year must be a year between 1800 and 2100.');
  expect(message({ foundedYear: '2101' })).toBe('Founding year must be a year between 1800 and 2100.');
  expect(message({ companyName: 'x'.repeat(101) })).toBe('Company name must be 100 characters or fewer.');
  expect(message({ description: 'x'.repeat(1001) })).toBe('Description must be 1000 characters or fewer.');
  expect(message({ values: Array.from({ length: 11 }, (_, i) => `v${i}`).join(',') })).toBe('Please list at most 10 values.');
  expect(message({ values: 'v'.repeat(61) })).toBe('Each value must be 60 characters or fewer.');
  expect(message({ location: 'l'.repeat(101) })).toBe('Location must be 100 characters or fewer.');
  expect(message({ audience: 'a'.repeat(201) })).toBe('Audience must be 200 characters or fewer.');
  expect(message({ foundedYear: ' 1999 ' })).toBeUndefined();
});
