import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { getWatch, watchedPages } from '#db/monitoring/watch.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { watchApps, type WatchApp } from '#test/helpers/monitor-watch.ts';
import { CHANGE_FIELDS } from '#views/model/monitor-changes.ts';
import { watchFormReturn } from './watch-form-router.ts';

/** createTestApp's SITE_URL: the Origin a browser sends with the manage page's own form. */
const SITE_ORIGIN = 'https://example.test';
const WEBHOOK = 'https://hooks.example.com/seo';

describe.each(DIALECTS)('%s', (dialect) => {
  const { setup } = watchApps(dialect);

  /** A watched site whose pages are chosen (the watch's first look), with a webhook. */
  async function watched() {
    const made = await setup({}, WEBHOOK);
    await made.tick(0);
    return made;
  }

  /** The "Change alerts" form as a browser without JavaScript posts it (repeated fields, form-encoded). */
  const postForm = (made: WatchApp, fields: Array<[string, string]>, origin: string | null = SITE_ORIGIN) => {
    const req = request(made.app)
      .post(`/monitor/${made.monitorId}/watch`)
      .query({ token: made.manage })
      .type('form')
      .send(new URLSearchParams(fields).toString());
    return origin === null ? req : req.set('Origin', origin);
  };

  /** Exactly what is stored: the watch's row and the pages marked muted. */
  async function stored(made: WatchApp) {
    const row = await getWatch(made.db, made.monitorId);
    const muted = (await watchedPages(made.db, made.monitorId)).filter((page) => page.muted).map((page) => page.url);
    return { alertFields: row?.alertFields ?? null, webhookFormat: row?.webhookFormat ?? null, muted };
  }

  const managePage = (made: WatchApp, query = '') =>
    request(made.app)
      .get(`/monitor/${made.monitorId}?token=${encodeURIComponent(made.manage)}${query}`)
      .set('Accept', 'text/html');

  /** The page's boxes of field `name`: their values, or only the ticked ones' (sorted). */
  function boxes(html: string, name: string, only: 'all' | 'ticked' = 'all') {
    const inputs = [...html.matchAll(/<input [^>]*>/g)].map((match) => match[0]);
    const values = inputs
      .filter((input) => input.includes(` name="${name}"`) && (only === 'all' || input.includes(' checked=""')))
      .map((input) => /value="([^"]*)"/.exec(input)![1]);
    return only === 'all' ? values : values.sort();
  }
  const ticked = (html: string, name: string) => boxes(html, name, 'ticked');

  test('the page lists every field (the defaults ticked), every watched page to mute and the webhook formats', async () => {
    const made = await watched();
    const res = await managePage(made);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`action="/monitor/${made.monitorId}/watch?token=${encodeURIComponent(made.manage)}"`);
    expect(boxes(res.text, 'alertFields')).toEqual([...CHANGE_FIELDS]);
    expect(ticked(res.text, 'alertFields')).toEqual(
      ['canonical', 'certificate', 'indexability', 'robots-txt', 'status', 'title'].sort(),
    );
    const pages = (await watchedPages(made.db, made.monitorId)).map((page) => page.url);
    expect(pages.length).toBeGreaterThan(5);
    expect(boxes(res.text, 'muted')).toEqual(pages);
    expect(ticked(res.text, 'webhookFormat')).toEqual(['auto']);
  });

  test('posted without JavaScript, the form stores exactly what is ticked, and the page shows it on reload', async () => {
    const made = await watched();
    const about = `${made.site.origin}/about`;
    const pricing = `${made.site.origin}/pricing`;
    const saved = await postForm(made, [
      ['alertFields', 'title'],
      ['alertFields', 'h1'],
      ['alertFields', 'sitemap'],
      ['webhookFormat', 'teams'],
      ['muted', about],
      ['muted', pricing],
    ]);
    expect([saved.status, saved.headers.location]).toEqual([
      303,
      watchFormReturn(made.monitorId, made.manage, { saved: true }),
    ]);
    expect(await stored(made)).toEqual({
      alertFields: '["title","h1","sitemap"]',
      webhookFormat: 'teams',
      muted: [about, pricing],
    });
    const page = await managePage(made, '&alerts=saved');
    expect(page.text).toContain('Your alert choices are saved.');
    expect(ticked(page.text, 'alertFields')).toEqual(['h1', 'sitemap', 'title']);
    expect(ticked(page.text, 'muted')).toEqual([about, pricing]);
    expect(ticked(page.text, 'webhookFormat')).toEqual(['teams']);

    // The whole form is the state: a page no longer ticked is unmuted, no field ticked alerts nothing.
    const again = await postForm(made, [
      ['webhookFormat', 'auto'],
      ['muted', pricing],
    ]);
    expect(again.status).toBe(303);
    expect(await stored(made)).toEqual({ alertFields: '[]', webhookFormat: null, muted: [pricing] });
    expect(
      await request(made.app).get(`/api/monitors/${made.monitorId}/watch`).query({ token: made.manage }),
    ).toMatchObject({
      status: 200,
      body: { alertFields: [], webhookFormat: 'auto', muted: [pricing] },
    });
  });

  test('a bad choice is refused with its reason on the page, and nothing is stored', async () => {
    const made = await watched();
    const before = await stored(made);
    const cases: Array<[Array<[string, string]>, string]> = [
      [[['alertFields', 'weather']], `AlertFields must be chosen from: ${CHANGE_FIELDS.join(', ')}`],
      [[['muted', 'https://elsewhere.test/']], 'Not a watched page of this monitor: https://elsewhere.test/'],
      [[['webhookFormat', 'xml']], 'WebhookFormat must be one of: auto, json, slack, teams'],
      [[['csrf', 'x']], 'Unexpected field: csrf'],
    ];
    for (const [fields, reason] of cases) {
      const res = await postForm(made, fields);
      expect([res.status, res.headers.location]).toEqual([
        303,
        watchFormReturn(made.monitorId, made.manage, { error: reason }),
      ]);
    }
    expect(await stored(made)).toEqual(before);
    const page = await managePage(made, `&alertsError=${encodeURIComponent('Not a watched page of this monitor: x')}`);
    expect(page.text).toMatch(/role="alert"[^>]*>Not a watched page of this monitor: x</);
    // The reason comes back in the address: it is text on the page and in the island's props, never markup.
    const hostile = await managePage(
      made,
      `&alertsError=${encodeURIComponent('</script><img src=x onerror=alert(1)>')}`,
    );
    expect(hostile.status).toBe(200);
    expect(hostile.text).not.toContain('<img src=x');
  });

  test('a post from another site, without an Origin, or without the manage link is refused', async () => {
    const made = await watched();
    const before = await stored(made);
    const fields: Array<[string, string]> = [['alertFields', 'title']];
    expect((await postForm(made, fields, 'https://evil.test')).status).toBe(403);
    expect((await postForm(made, fields, null)).status).toBe(403);
    const forged = await request(made.app)
      .post(`/monitor/${made.monitorId}/watch?token=forged.token`)
      .set('Origin', SITE_ORIGIN)
      .type('form')
      .send('alertFields=title');
    expect(forged.status).toBe(403);
    expect(await stored(made)).toEqual(before);
  });

  test('the script’s request (PUT, mute and unmute together) stores the same values; bad input is 400 JSON', async () => {
    const made = await watched();
    const about = `${made.site.origin}/about`;
    const api = () => request(made.app).put(`/api/monitors/${made.monitorId}/watch`).query({ token: made.manage });
    await api().send({ mute: [about] });
    const res = await api().send({
      alertFields: ['status', 'blip'],
      mute: [`${made.site.origin}/blog`],
      unmute: [about],
      webhookFormat: 'json',
    });
    expect([res.status, res.body]).toEqual([
      200,
      { alertFields: ['status', 'blip'], webhookFormat: 'json', muted: [`${made.site.origin}/blog`] },
    ]);
    expect(await stored(made)).toEqual({
      alertFields: '["status","blip"]',
      webhookFormat: 'json',
      muted: [`${made.site.origin}/blog`],
    });
    const bad = await api().send({ webhookFormat: 'xml' });
    expect([bad.status, bad.body]).toEqual([400, { error: 'WebhookFormat must be one of: auto, json, slack, teams' }]);
  });
});
