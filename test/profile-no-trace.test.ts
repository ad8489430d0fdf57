import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from '#server/pages/routes.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { cleanSite } from '#test/fixtures/site-audit-clean-site.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { minimalProfileFile, operatorBusiness, sampleTraces } from '#test/helpers/business.ts';

const { app } = await createTestApp();

/** Entities decoded, so a name with an apostrophe or ampersand is found as written. */
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Everything the site serves as text: every route, every page it links to, its files and GET APIs. */
async function crawlEverything(): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  const queue = [
    ...pages.map((page) => page.path),
    '/sitemap.xml',
    '/robots.txt',
    '/manifest.webmanifest',
    '/api/sitemap/file',
    '/api/try-free-tools/list',
    '/no-such-page',
  ];
  const seen = new Set(queue);
  while (queue.length) {
    const path = queue.shift()!;
    const res = await request(app).get(path).buffer(true);
    const type = String(res.headers['content-type'] ?? '');
    if (!/text|json|xml|javascript|svg|manifest/.test(type)) continue;
    const text = decode(typeof res.text === 'string' ? res.text : String(res.body));
    bodies.set(path, text);
    // Follow same-origin links and assets (islands' scripts, styles, icons) found on the way.
    for (const match of text.matchAll(/(?:href|src)="(\/[^"#?]*)/g)) {
      const next = match[1]!;
      if (!next.startsWith('//') && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return bodies;
}

test('with a real profile no trace of the sample business remains: pages, JSON-LD, island props, files, APIs', async () => {
  const bodies = await crawlEverything();
  expect(bodies.size).toBeGreaterThan(pages.length);
  const traces = [...sampleTraces(), 'RankCraft'];
  const found = [...bodies].flatMap(([path, text]) =>
    traces.filter((trace) => text.toLowerCase().includes(trace.toLowerCase())).map((trace) => `${path}: ${trace}`),
  );
  expect(found).toEqual([]);
});

test('the trace check can fail: the sample app shows the sample business it looks for', async () => {
  const html = decode(
    (await request((await createTestApp({ env: { SITE_PROFILE: '' } })).app).get('/contact-me')).text,
  );
  const [name, legalName, phone, digits, email, street, postalCode] = sampleTraces();
  expect([name, legalName, phone, email, street, postalCode].filter((trace) => !html.includes(trace))).toEqual([]);
  expect(html).toContain(`tel:+${digits}`);
});

test('every page names the operator: title or header, footer contacts with tel: and WhatsApp links', async () => {
  for (const { path } of pages) {
    const html = decode((await request(app).get(path)).text);
    expect(html, path).toContain(`<span>${operatorBusiness.name}</span>`);
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer, path).toContain('href="tel:+919876543210"');
    expect(footer, path).toContain('href="https://wa.me/919876543211"');
    expect(footer, path).toContain(`mailto:${operatorBusiness.email}`);
  }
});

test('head metadata and JSON-LD carry the profile: og:site_name, Organization and LocalBusiness', async () => {
  const html = decode((await request(app).get('/')).text);
  expect(html).toContain(`<meta property="og:site_name" content="${operatorBusiness.name}"/>`);
  expect(html).toContain(`<title>${operatorBusiness.name} – SEO Services in Delhi NCR and Free SEO Tools</title>`);
  const jsonLd = (page: string) =>
    [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
  expect(jsonLd(html).find((data) => data['@type'] === 'Organization')).toMatchObject({
    name: 'Lotus Lane Digital',
    legalName: 'Lotus Lane Digital LLP',
    telephone: '+91 98765 43210',
  });
  const local = jsonLd(decode((await request(app).get('/seo-services-noida')).text)).find(
    (data) => data['@type'] === 'ProfessionalService',
  );
  expect(local).toMatchObject({
    name: 'Lotus Lane Digital',
    telephone: '+91 98765 43210',
    address: { addressLocality: 'Gurugram', postalCode: '122018' },
    geo: { latitude: 28.4089, longitude: 77.0421 },
  });
});

test('the contact page shows call and WhatsApp buttons from the profile, the address and hours', async () => {
  const html = decode((await request(app).get('/contact-me')).text);
  const heroStart = html.indexOf('<header class="page-hero"');
  const hero = html.slice(heroStart, html.indexOf('</header>', heroStart));
  expect(hero).toContain('<a class="button" href="tel:+919876543210">Call +91 98765 43210</a>');
  expect(hero).toContain(
    '<a class="button whatsapp" href="https://wa.me/919876543211" rel="noopener">Chat on WhatsApp</a>',
  );
  const aside = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
  expect(aside).toContain('<a class="nowrap" href="tel:+919876543210">+91 98765 43210</a>');
  expect(aside).toContain('WhatsApp: <span class="nowrap">+91 98765 43211</span>');
  expect(aside).toContain('Lotus Lane Digital LLP');
  expect(aside).toContain('Unit 4, Tower B, Vatika Business Park');
  expect(aside).toContain('Hours: Monday to Saturday, 10 AM to 7 PM IST');
});

test('the privacy policy names the legal entity as responsible and the grievance officer when given', async () => {
  const html = decode((await request(app).get('/privacy-policy')).text);
  expect(html).toContain('Lotus Lane Digital LLP is responsible for the personal data collected here');
  expect(html).toContain('Grievance officer');
  expect(html).toContain('Meera Iyer, grievance@lotuslane.test');
});

test('case studies and testimonials appear only as the profile states them', async () => {
  const html = decode((await request(app).get('/case-studies')).text);
  expect(html).toContain('A Noida furniture showroom');
  expect(html).toContain('+84% organic clicks, same months year on year');
  expect(html).toContain('Our enquiries from search doubled within the year.');
  // The locality named in `area` shows the study; other localities do not.
  expect((await request(app).get('/seo-services-noida')).text).toContain('A Noida furniture showroom');
  expect((await request(app).get('/seo-services-rohini')).text).not.toContain('A Noida furniture showroom');
});

test('a profile without case studies, testimonials or officer: /case-studies explains the work and states no figure', async () => {
  const { app: minimal } = await createTestApp({ env: { SITE_PROFILE: minimalProfileFile() } });
  const html = decode((await request(minimal).get('/case-studies')).text);
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  expect(main).toContain('How an engagement works');
  expect(main).toContain('What we measure');
  expect(main).not.toContain('What clients say');
  expect(main).not.toMatch(/[+-]?\d+(\.\d+)?\s?(%|x\b)/);
  const delhi = decode((await request(minimal).get('/seo-services-delhi')).text);
  expect(delhi).toContain('How we report results');
  expect(delhi).not.toContain('Client results');
  const privacy = decode((await request(minimal).get('/privacy-policy')).text);
  expect(privacy).not.toContain('Grievance officer');
  expect(privacy).toContain('Acme Search Pvt Ltd is responsible');
  const contact = decode((await request(minimal).get('/contact-me')).text);
  expect(contact).not.toContain('wa.me');
  expect(contact).not.toContain('Chat on WhatsApp');
  expect(contact).toContain('<a class="button" href="tel:');
  expect(contact).not.toContain('What are your office hours?');
});

test("the site audit PDF is sent in the operator's name, never the sample's", async () => {
  const site = await serveFixture(cleanSite);
  try {
    const { app: auditApp } = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort } });
    const started = await request(auditApp)
      .post('/api/site-audits')
      .send({ url: `${site.origin}/` });
    expect(started.status).toBe(202);
    // The event stream ends when the audit has finished: the readiness signal.
    await request(auditApp).get(`/api/site-audits/${started.body.id}/events`).buffer(true);
    const pdf = await request(auditApp)
      .get(`/api/site-audits/${started.body.id}/report.pdf`)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const raw = (pdf.body as Buffer).toString('latin1');
    // The document's Author (pdfkit writes it as an indirect string object) is the operator.
    const authorRef = /\/Author (\d+) 0 R/.exec(raw)?.[1];
    expect(raw).toContain(`\n${authorRef} 0 obj\n(Lotus Lane Digital)\nendobj`);
    for (const trace of sampleTraces()) expect(raw).not.toContain(trace);
  } finally {
    await site.close();
  }
});
