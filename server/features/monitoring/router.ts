import { Router, type Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { Db } from '#db/index.ts';
import { createIpHasher } from '#db/ip-hash.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { MAX_EMAIL_LENGTH } from '#views/model/email.ts';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';
import { requiredEmail } from '#views/pages/shared/form-schema.ts';
import type { MonitoringService, RequestOrigin } from './service.ts';
import { ID_PATTERN } from '#views/model/ids.ts';
import { CHANGE_FIELDS } from '#views/model/monitor-changes.ts';
import { WEBHOOK_FORMATS } from '#views/pages/monitoring/model.ts';

const SCHEDULES = ['daily', 'weekly', 'monthly'] as const;

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The site's one e-mail rule (views/model/email.ts), as the forms apply it: a plain mailbox, in its canonical form. */
const email = requiredEmail('Email', MAX_EMAIL_LENGTH);
const schedule = z.enum(SCHEDULES, { error: 'Schedule must be one of: daily, weekly, monthly' });
/** The visitor's webhook: an absolute http(s) URL (the guarded fetcher decides at each delivery whether it may be reached). */
const webhookUrl = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH, `WebhookUrl must be at most ${MAX_URL_LENGTH} characters`)
  .refine((value) => value === '' || isHttpUrl(value), 'WebhookUrl must be an absolute http:// or https:// URL')
  .transform((value) => (value === '' ? null : value))
  .nullable();

const createBody = z.strictObject({
  url: z.string().max(MAX_URL_LENGTH + 100, `Url must be at most ${MAX_URL_LENGTH} characters`),
  email,
  schedule,
  webhookUrl: webhookUrl.optional(),
  auditId: z.string().regex(ID_PATTERN, 'AuditId must be the id of a site audit').optional(),
});

const confirmBody = z.strictObject({
  token: z.string().min(1, 'Token is required').max(1000, 'Token is not valid'),
});

const patchBody = z
  .strictObject({
    url: z
      .string()
      .max(MAX_URL_LENGTH + 100, `Url must be at most ${MAX_URL_LENGTH} characters`)
      .optional(),
    schedule: schedule.optional(),
    paused: z.boolean().optional(),
    digest: z.boolean().optional(),
    webhookUrl: webhookUrl.optional(),
    scoreDrop: z
      .number()
      .int('ScoreDrop must be a whole number')
      .min(1, 'ScoreDrop must be at least 1')
      .max(100, 'ScoreDrop must be at most 100')
      .optional(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'Send at least one of: url, schedule, paused, digest, webhookUrl, scoreDrop',
  );

const tokenQuery = z.object({
  token: z
    .string({ error: 'Token is required: use the link from your email' })
    .min(1, 'Token is required: use the link from your email')
    .max(1000, 'Token is not valid'),
});

/** The watch's history: paged by id (`before`), filtered by page, field and time. */
const changesQuery = tokenQuery.extend({
  page: z.string().max(MAX_URL_LENGTH, `Page must be at most ${MAX_URL_LENGTH} characters`).optional(),
  field: z.enum(CHANGE_FIELDS, { error: `Field must be one of: ${CHANGE_FIELDS.join(', ')}` }).optional(),
  since: z.iso.datetime({ error: 'Since must be an ISO time such as 2026-11-29T06:00:00Z' }).optional(),
  until: z.iso.datetime({ error: 'Until must be an ISO time such as 2026-11-29T06:00:00Z' }).optional(),
  before: z.coerce.number({ error: 'Before must be the next value of a previous answer' }).int().min(1).optional(),
  limit: z.coerce.number({ error: 'Limit must be a whole number from 1 to 200' }).int().min(1).max(200).default(50),
});

const watchedUrls = z
  .array(z.string().max(MAX_URL_LENGTH, `A page must be at most ${MAX_URL_LENGTH} characters`), {
    error: 'Mute and unmute must be lists of page URLs',
  })
  .max(5000, 'Mute and unmute may have at most 5000 pages each');
/** The watch's alert choices (issue 35): the API's body, and the manage page's form once read (watch-form-router.ts). */
export const watchBody = z
  .strictObject({
    alertFields: z
      .array(z.enum(CHANGE_FIELDS, { error: `AlertFields must be chosen from: ${CHANGE_FIELDS.join(', ')}` }), {
        error: 'AlertFields must be a list of fields',
      })
      .max(CHANGE_FIELDS.length)
      .optional(),
    webhookFormat: z
      .enum(WEBHOOK_FORMATS, { error: `WebhookFormat must be one of: ${WEBHOOK_FORMATS.join(', ')}` })
      .optional(),
    mute: watchedUrls.optional(),
    unmute: watchedUrls.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of: alertFields, webhookFormat, mute, unmute');

/** Monitors requested per IP per 10 minutes (the confirmation mails have their own hourly limits). */
export const CREATE_RATE_LIMIT = { name: 'monitor-create', windowMs: 10 * 60_000, limit: 20 };
/** Confirmation, verification and unsubscribe attempts per IP per 10 minutes: links are guessed nowhere. */
export const LINK_RATE_LIMIT = { name: 'monitor-links', windowMs: 10 * 60_000, limit: 60 };

/**
 * The monitoring API (issue 25; the pages under /monitor call it): POST /api/monitors, POST
 * /api/monitors/confirm, and per monitor with its signed manage link: GET, PATCH, DELETE, POST
 * /verify and /run ("Check now"); POST /unsubscribe with the mails' one-click link (RFC 8058).
 */
export function monitoringRouter({ service, db }: { service: MonitoringService; db: Db }): Router {
  const router = Router();
  let hasher: ReturnType<typeof createIpHasher> | undefined;
  const hashIp = async (ip: string | undefined) => {
    hasher ??= createIpHasher(db).catch((error: unknown) => {
      hasher = undefined;
      throw error;
    });
    return (await hasher)(ip);
  };
  // The per-IP limits count a network: one IPv6 subscriber holds a whole /64 (express-rate-limit's helper).
  const origin = async (req: Request): Promise<RequestOrigin> => ({
    ipHash: await hashIp(req.ip),
    networkHash: await hashIp(req.ip === undefined ? undefined : ipKeyGenerator(req.ip, 64)),
  });
  const token = (req: Request) => parseOr400(tokenQuery, req.query).token;
  const id = (req: Request) => String(req.params.id);
  const createLimit = rateLimit(CREATE_RATE_LIMIT);
  const linkLimit = rateLimit(LINK_RATE_LIMIT);

  router.post(
    '/monitors',
    (req, res, next) => {
      res.locals.monitor = parseOr400(createBody, req.body ?? {});
      next();
    },
    createLimit,
    async (req, res) => {
      const body = res.locals.monitor as z.output<typeof createBody>;
      const created = await service.create(body, await origin(req));
      res.status(202).setHeader('Location', `/api/monitors/${created.id}`).json(created);
    },
  );

  router.post('/monitors/confirm', linkLimit, async (req, res) => {
    const body = parseOr400(confirmBody, req.body ?? {});
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.confirm(body.token));
  });

  router.get('/monitors/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.get(id(req), token(req)));
  });

  router.patch('/monitors/:id', async (req, res) => {
    const given = token(req);
    const changes = parseOr400(patchBody, req.body ?? {});
    res.json(await service.update(id(req), given, changes));
  });

  router.delete('/monitors/:id', async (req, res) => {
    await service.remove(id(req), token(req));
    res.status(204).end();
  });

  router.post('/monitors/:id/verify', linkLimit, async (req, res) => {
    res.json(await service.verify(id(req), token(req)));
  });

  router.get('/monitors/:id/changes', async (req, res) => {
    const { token: given, page, since, until, ...rest } = parseOr400(changesQuery, req.query);
    res.setHeader('Cache-Control', 'no-store');
    const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
    res.json(await service.changes(id(req), given, { ...rest, url: page, since: iso(since), until: iso(until) }));
  });

  router.get('/monitors/:id/watch', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.watchSettings(id(req), token(req)));
  });

  router.put('/monitors/:id/watch', async (req, res) => {
    const given = token(req);
    res.json(await service.updateWatchSettings(id(req), given, parseOr400(watchBody, req.body ?? {})));
  });

  router.post('/monitors/:id/run', async (req, res) => {
    const started = await service.runNow(id(req), token(req));
    res.status(202).json(started);
  });

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` form-encoded; the page posts JSON or nothing.
  router.post('/monitors/:id/unsubscribe', linkLimit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.unsubscribe(id(req), token(req)));
  });

  return router;
}
