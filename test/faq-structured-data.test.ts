import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from '#server/pages/routes.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { resolvePage } from '#views/page.ts';

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

// docs/decisions/0012: FAQPage markup stays only because it equals what the page shows.
test('every FAQPage block is valid and matches the visible questions and answers, in order', async () => {
  const { app, config } = await createTestApp();
  const client = request(app);
  let checked = 0;
  for (const page of pages.map((entry) => resolvePage(entry, config.siteProfile.business))) {
    const res = await client.get(page.path);
    const blocks = [...res.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
      JSON.parse(match[1]),
    );
    const faqBlocks = blocks.filter((block) => block['@type'] === 'FAQPage');
    const visible = [...res.text.matchAll(/<details class="faq-item"><summary>(.*?)<\/summary>(.*?)<\/details>/gs)].map(
      (match) => ({
        question: decode(match[1]),
        answer: decode(match[2]),
      }),
    );
    if (!page.faq?.length) {
      expect(faqBlocks, page.path).toHaveLength(0);
      continue;
    }
    checked += 1;
    expect(faqBlocks, page.path).toHaveLength(1);
    const [faq] = faqBlocks;
    expect(faq['@context'], page.path).toBe('https://schema.org');
    const marked = (faq.mainEntity as Array<Record<string, unknown>>).map((entry) => {
      expect(entry['@type'], page.path).toBe('Question');
      const answer = entry.acceptedAnswer as Record<string, unknown>;
      expect(answer['@type'], page.path).toBe('Answer');
      return { question: entry.name, answer: answer.text };
    });
    expect(marked, page.path).toEqual(visible);
  }
  expect(checked).toBeGreaterThan(10);
});
