import { expect, test } from 'vitest';
import { aboutPageToHtml, aboutPageToText, generateAboutPage, joinList, missingDetails } from './logic.ts';
import {
  COMPANY_REQUIRED,
  DESCRIPTION_REQUIRED,
  EMPTY_ABOUT_FORM,
  validateAboutForm,
  type AboutForm,
} from './rules.ts';

function form(overrides: Partial<AboutForm> = {}): AboutForm {
  return { ...EMPTY_ABOUT_FORM, companyName: 'Acme', description: 'We make shoes', ...overrides };
}

function checked(overrides: Partial<AboutForm> = {}) {
  const result = validateAboutForm(form(overrides));
  if (!result.ok) throw new Error(result.error);
  return result.input;
}

function pageFor(overrides: Partial<AboutForm> = {}) {
  return generateAboutPage(checked(overrides));
}

const FULL: Partial<AboutForm> = {
  companyName: 'Kapoor & Sons Accountants',
  description: 'We keep the books of small firms. We also file their GST returns!',
  foundedYear: '2009',
  location: 'Laxmi Nagar, Delhi',
  story: 'Ravi Kapoor opened the office above his father’s shop',
  offerings: 'Bookkeeping\nGST returns, monthly\nPayroll.',
  audience: 'Traders and clinics in East Delhi',
  values: 'Accuracy, Discretion',
  reasons: 'Same accountant every month\nFixed yearly fee',
  contact: 'office@kapoor.example, +91 11 2222 3333',
};

/**
 * The only words the generator may add around what the visitor typed: headings and the plain
 * frames ("Welcome to", "was founded in", "offers:", ...). A new invented claim would bring new words.
 */
const FRAME_WORDS = new Set(
  'about welcome to is based in was founded our story what we offer offers who serve works with values the by why choose customers get touch learn more you can reach at'.split(
    ' ',
  ),
);

/** Each paragraph and list item, split into sentences after the visitor's own text is replaced by §. */
function framedSentences(overrides: Partial<AboutForm>): string[] {
  const input = checked(overrides);
  const fragments = [
    input.companyName,
    input.description,
    input.story ?? '',
    input.location ?? '',
    input.audience ?? '',
    input.audience ? input.audience[0].toLowerCase() + input.audience.slice(1) : '',
    input.contact ?? '',
    input.foundedYear ? String(input.foundedYear) : '',
    ...input.offerings,
    ...input.offerings.map((item) => item.replace(/[.!?]+$/, '')),
    ...input.values,
    ...input.reasons,
  ]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const page = generateAboutPage(input);
  const blocks = page.sections.flatMap((section) => [...section.paragraphs, ...(section.list ?? [])]);
  return blocks.flatMap((block) => {
    let framed = block;
    for (const fragment of fragments) framed = framed.split(fragment).join('§');
    return framed.split(/(?<=[.!?:])\s+/);
  });
}

test('every sentence carries something the visitor typed, inside a plain frame and nothing more', () => {
  for (const overrides of [
    {},
    FULL,
    { location: 'Noida' },
    { foundedYear: '1999' },
    { audience: 'small retailers.', contact: 'hi@acme.in' },
  ]) {
    for (const sentence of framedSentences(overrides)) {
      expect(sentence).toContain('§');
      const added = sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      expect(
        added.filter((word) => !FRAME_WORDS.has(word)),
        sentence,
      ).toEqual([]);
    }
  }
});

test('the claims the old generator invented are gone, and no default values are added', () => {
  const text = aboutPageToText(pageFor());
  for (const claim of [
    'many of our customers',
    'for years',
    'small team',
    'listening',
    'knows the work',
    'Integrity',
    'promptly',
    'regular updates',
  ]) {
    expect(text).not.toContain(claim);
  }
});

test('the smallest input gives a short, honest page; each optional field adds its own section', () => {
  expect(aboutPageToText(pageFor())).toBe(
    'About Acme\n\nWelcome to Acme. We make shoes.\n\nGet in Touch\n\nGet in touch with Acme to learn more.\n',
  );
  const page = pageFor(FULL);
  expect(page.sections.map((section) => section.heading)).toEqual([
    'About Kapoor & Sons Accountants',
    'Our Story',
    'What We Offer',
    'Who We Serve',
    'Our Values',
    'Why Choose Kapoor & Sons Accountants',
    'Get in Touch',
  ]);
  const text = aboutPageToText(page);
  expect(text).toContain(
    'Welcome to Kapoor & Sons Accountants. We keep the books of small firms. We also file their GST returns!',
  );
  expect(text).toContain(
    'Kapoor & Sons Accountants was founded in 2009 in Laxmi Nagar, Delhi.\nRavi Kapoor opened the office above his father’s shop.',
  );
  expect(text).toContain('Kapoor & Sons Accountants offers:\n- Bookkeeping\n- GST returns, monthly\n- Payroll\n');
  expect(text).toContain('Kapoor & Sons Accountants works with traders and clinics in East Delhi.');
  expect(text).toContain('The values Kapoor & Sons Accountants works by:\n- Accuracy\n- Discretion\n');
  expect(text).toContain(
    'Why customers choose Kapoor & Sons Accountants:\n- Same accountant every month\n- Fixed yearly fee\n',
  );
  expect(text).toContain('You can reach Kapoor & Sons Accountants at office@kapoor.example, +91 11 2222 3333.');
  expect(missingDetails(checked(FULL))).toEqual([]);
});

test('a location without a year is said once, in the introduction', () => {
  const text = aboutPageToText(pageFor({ location: 'Rohini, Delhi' }));
  expect(text).toContain('Welcome to Acme. We make shoes.\nAcme is based in Rohini, Delhi.');
  expect(text.match(/Rohini/g)).toHaveLength(1);
});

test('the widget can say which details would add sections', () => {
  expect(missingDetails(checked())).toEqual([
    'founding year or story',
    'products or services',
    'customers',
    'values',
    'reasons to choose you',
    'contact details',
  ]);
  expect(joinList(['a'])).toBe('a');
  expect(joinList(['a', 'b', 'c'])).toBe('a, b and c');
});

test('repeated values and offerings are said once; offerings keep their commas', () => {
  const page = pageFor({ values: 'Trust, trust,\nTRUST , Speed', offerings: 'SEO, local\nseo, local\nAds' });
  expect(page.sections.find((s) => s.heading === 'Our Values')?.list).toEqual(['Trust', 'Speed']);
  expect(page.sections.find((s) => s.heading === 'What We Offer')?.list).toEqual(['SEO, local', 'Ads']);
});

test('the same input always gives the same page', () => {
  expect(aboutPageToHtml(pageFor(FULL))).toBe(aboutPageToHtml(pageFor(FULL)));
});

test('HTML escapes everything the user typed', () => {
  const html = aboutPageToHtml(
    pageFor({
      companyName: '<b>"Acme" & Sons</b>',
      description: "<script>alert('x')</script>",
      offerings: '<img src=x onerror=alert(1)>',
    }),
  );
  expect(html).not.toContain('<script>');
  expect(html).not.toContain('<b>');
  expect(html).not.toContain('<img');
  expect(html).toContain('<h1>About &#60;b&#62;&#34;Acme&#34; &#38; Sons&#60;/b&#62;</h1>');
  expect(html.match(/<h2>/g)).toHaveLength(2);
});

test('unicode names and descriptions are kept', () => {
  const text = aboutPageToText(pageFor({ companyName: 'दिल्ली डिजिटल', description: 'हम वेबसाइट बनाते हैं' }));
  expect(text).toContain('Welcome to दिल्ली डिजिटल. हम वेबसाइट बनाते हैं.');
});

test('required fields, year range and limits are checked', () => {
  const message = (overrides: Partial<AboutForm>) => {
    const result = validateAboutForm(form(overrides));
    return result.ok ? undefined : result.error;
  };
  expect(message({ companyName: '   ' })).toBe(COMPANY_REQUIRED);
  expect(message({ description: '' })).toBe(DESCRIPTION_REQUIRED);
  expect(message({ foundedYear: '12' })).toBe('Founding year must be a year between 1800 and 2100.');
  expect(message({ foundedYear: '2101' })).toBe('Founding year must be a year between 1800 and 2100.');
  expect(message({ companyName: 'x'.repeat(101) })).toBe('Company name must be 100 characters or fewer.');
  expect(message({ description: 'x'.repeat(1001) })).toBe('Description must be 1000 characters or fewer.');
  expect(message({ story: 'x'.repeat(1501) })).toBe('Your story must be 1500 characters or fewer.');
  expect(message({ values: Array.from({ length: 11 }, (_, i) => `v${i}`).join(',') })).toBe(
    'Please list at most 10 values.',
  );
  expect(message({ values: 'v'.repeat(61) })).toBe('Each value must be 60 characters or fewer.');
  expect(message({ offerings: Array.from({ length: 21 }, (_, i) => `o${i}`).join('\n') })).toBe(
    'Please list at most 20 products or services.',
  );
  expect(message({ offerings: 'o'.repeat(121) })).toBe('Each product or service must be 120 characters or fewer.');
  expect(message({ reasons: Array.from({ length: 11 }, (_, i) => `r${i}`).join('\n') })).toBe(
    'Please list at most 10 reasons.',
  );
  expect(message({ reasons: 'r'.repeat(161) })).toBe('Each reason must be 160 characters or fewer.');
  expect(message({ location: 'l'.repeat(101) })).toBe('Location must be 100 characters or fewer.');
  expect(message({ audience: 'a'.repeat(201) })).toBe('Audience must be 200 characters or fewer.');
  expect(message({ contact: 'c'.repeat(201) })).toBe('Contact details must be 200 characters or fewer.');
  expect(message({ foundedYear: ' 1999 ' })).toBeUndefined();
});
