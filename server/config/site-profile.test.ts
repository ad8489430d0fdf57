import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { operatorBusiness, operatorProfilePath, sampleProfilePath } from '#test/helpers/business.ts';
import { loadConfig } from './index.ts';
import { LOGO_MAX_BYTES } from './site-profile.ts';

const operator = JSON.parse(readFileSync(operatorProfilePath, 'utf8')) as Record<string, unknown>;

/** A profile file in a fresh temp dir (also usable as DATA_DIR). */
function profileFile(content: unknown): { file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'profile-'));
  const file = join(dir, 'profile.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return { file, dir };
}

function problemsFor(content: unknown): string[] {
  const { file, dir } = profileFile(content);
  return problemsOf({ SITE_PROFILE: file, DATA_DIR: dir }).map((line) => line.replace(file, '<file>'));
}

test('without SITE_PROFILE the shipped sample runs, flagged as the sample', () => {
  const { siteProfile } = loadConfig({});
  expect(siteProfile.sample).toBe(true);
  expect(siteProfile.business.name).toBe('Sample SEO Agency');
  expect(siteProfile.logo).toBeUndefined();
});

test('a valid profile becomes the business, field for field', () => {
  const { siteProfile } = loadConfig({ SITE_PROFILE: operatorProfilePath });
  expect(siteProfile.sample).toBe(false);
  expect(siteProfile.business).toEqual(operatorBusiness);
  expect(siteProfile.business.address.postalCode).toBe('122018');
});

test('the minimal profile needs only the required fields; text is trimmed', () => {
  const minimal = {
    name: ' Acme SEO ',
    legalName: 'Acme SEO Pvt Ltd',
    phone: '011 4000 1234',
    email: 'hi@acme.test',
    address: {
      street: '2 Main Rd',
      locality: 'Dwarka',
      city: 'New Delhi',
      region: 'Delhi',
      postalCode: '110075',
      country: 'IN',
    },
  };
  const { file } = profileFile(minimal);
  expect(loadConfig({ SITE_PROFILE: file }).siteProfile.business).toEqual({ ...minimal, name: 'Acme SEO' });
});

test("the business email follows the site's one e-mail rule: a plain mailbox, its domain canonical", () => {
  const email = (value: string) =>
    loadConfig({ SITE_PROFILE: profileFile({ ...operator, email: value }).file }).siteProfile.business.email;
  expect(email(' Hello@Agency.EXAMPLE ')).toBe('Hello@agency.example');
  expect(email('hello@bücher.example')).toBe('hello@xn--bcher-kva.example');
  for (const bad of ['(1)hello@agency.example', 'hello@agency.example.', 'Hello <hello@agency.example>'])
    expect(problemsFor({ ...operator, email: bad }), bad).toEqual([
      'SITE_PROFILE <file>: email must be an email address such as hello@your-domain.in',
    ]);
});

test('a missing field stops boot with one plain line naming the file and the field', () => {
  const { file } = profileFile({ ...operator, address: { ...(operator.address as object), postalCode: undefined } });
  expect(problemsOf({ SITE_PROFILE: file })).toEqual([`SITE_PROFILE ${file}: address.postalCode is required`]);
});

test('every problem is its own line: wrong types, bad formats, unknown fields, list items', () => {
  expect(
    problemsFor({
      ...operator,
      name: '',
      phone: 'call us',
      email: 'not-an-email',
      foundedYear: '2016',
      gstin: 'GST123',
      geo: { lat: 128, lng: 77 },
      postcode: '110001',
      testimonials: [{ quote: 'Great', name: 'A' }],
      openingHours: ['9 to 5'],
    }),
  ).toEqual([
    'SITE_PROFILE <file>: name must not be empty',
    'SITE_PROFILE <file>: phone must be a phone number such as +91 98110 45672',
    'SITE_PROFILE <file>: email must be an email address such as hello@your-domain.in',
    'SITE_PROFILE <file>: geo.lat must be a latitude from -90 to 90',
    'SITE_PROFILE <file>: gstin must be a 15-character GSTIN such as 07AAAAA0000A1Z5',
    'SITE_PROFILE <file>: foundedYear must be a number',
    'SITE_PROFILE <file>: openingHours[0] must be in schema.org form such as "Mo-Fr 09:00-18:00"',
    'SITE_PROFILE <file>: testimonials[0].role is required',
    'SITE_PROFILE <file>: postcode is not a profile field (see docs/profile.example.json)',
  ]);
});

test('timeZone: an IANA name the runtime knows is kept; an abbreviation, an unknown zone or an offset is refused', () => {
  const { file } = profileFile({ ...operator, timeZone: ' Europe/London ' });
  expect(loadConfig({ SITE_PROFILE: file }).siteProfile.business.timeZone).toBe('Europe/London');
  expect(loadConfig({ SITE_PROFILE: operatorProfilePath }).siteProfile.business.timeZone).toBeUndefined();
  for (const bad of ['IST', 'Asia/Delhi', '+05:30', 'Mars/Olympus_Mons', 5.5]) {
    expect(problemsFor({ ...operator, timeZone: bad })).toEqual([
      typeof bad === 'number'
        ? 'SITE_PROFILE <file>: timeZone must be text'
        : 'SITE_PROFILE <file>: timeZone must be an IANA time zone name such as "Asia/Kolkata" or "Europe/London"',
    ]);
  }
});

test('unreadable files, bad JSON and a top level that is not an object are reported plainly', () => {
  expect(problemsOf({ SITE_PROFILE: '/nowhere/profile.json' })).toEqual([
    'SITE_PROFILE /nowhere/profile.json: cannot be read (ENOENT)',
  ]);
  expect(problemsFor('{"name": "Acme",')[0]).toMatch(/^SITE_PROFILE <file>: is not valid JSON \(.+\)$/);
  expect(problemsFor('[]')).toEqual(['SITE_PROFILE <file>: must be an object']);
});

test('pointing SITE_PROFILE at the sample itself is refused: the sample is never published', () => {
  const sample = sampleProfilePath;
  expect(problemsOf({ SITE_PROFILE: sample })).toEqual([
    `SITE_PROFILE ${sample}: name is still the sample's ("Sample SEO Agency"): put your own business's name`,
  ]);
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

test('a logo inside DATA_DIR is read at boot and gets a content-hashed URL', () => {
  const { file, dir } = profileFile({ ...operator, logo: 'brand/logo.png' });
  mkdirSync(join(dir, 'brand'));
  writeFileSync(join(dir, 'brand', 'logo.png'), PNG);
  const { siteProfile } = loadConfig({ SITE_PROFILE: file, DATA_DIR: dir });
  expect(siteProfile.logo).toMatchObject({
    type: 'image/png',
    url: expect.stringMatching(/^\/logo-[0-9a-f]{12}\.png$/),
  });
  expect(siteProfile.logo?.body.equals(PNG)).toBe(true);
  expect(siteProfile.business.logo).toBe(siteProfile.logo?.url);
});

test('a logo outside DATA_DIR, through a symlink, too big, missing or not an image is refused', () => {
  const outside = mkdtempSync(join(tmpdir(), 'outside-'));
  writeFileSync(join(outside, 'logo.png'), PNG);
  const cases: Array<[string, (dir: string) => void, RegExp]> = [
    [join(outside, 'logo.png'), () => undefined, /^logo must be a file inside DATA_DIR/],
    ['../' + outside.split('/').pop() + '/logo.png', () => undefined, /^logo must be a file inside DATA_DIR/],
    [
      'link.png',
      (dir) => symlinkSync(join(outside, 'logo.png'), join(dir, 'link.png')),
      /^logo must be a file inside DATA_DIR/,
    ],
    [
      'big.png',
      (dir) => writeFileSync(join(dir, 'big.png'), Buffer.alloc(LOGO_MAX_BYTES + 1)),
      /^logo must be at most 512 KB/,
    ],
    ['none.png', () => undefined, /^logo names a file that does not exist/],
    ['profile.json', () => undefined, /^logo must be an image file/],
    ['/etc/passwd', () => undefined, /^logo must be an image file/],
  ];
  for (const [logo, prepare, message] of cases) {
    const { file, dir } = profileFile({ ...operator, logo });
    prepare(dir);
    const problems = problemsOf({ SITE_PROFILE: file, DATA_DIR: dir });
    expect(problems, logo).toHaveLength(1);
    expect(problems[0].slice(`SITE_PROFILE ${file}: `.length), logo).toMatch(message);
  }
});
