import { Router, type Request } from 'express';
import type { Db } from '#db/index.ts';
import { createIpHasher } from '#db/ip-hash.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RateLimitOptions } from '#server/http/rate-limit.ts';
import type { Logger } from '#server/lib/logger.ts';
import { parseContact } from '#views/pages/contact/schema.ts';
import type { ParseResult } from '#views/pages/shared/form-schema.ts';
import { parseArticle } from '#views/pages/write-for-us/schema.ts';
import type { LeadDelivery } from './delivery.ts';

/** Per IP: enough for a person correcting a typo, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { name: 'contact', windowMs: 10 * 60_000, limit: 5 };
/** Per IP and hour: a writer rarely sends more than a couple of articles. */
export const ARTICLE_RATE_LIMIT = { name: 'article', windowMs: 60 * 60_000, limit: 5 };

interface LeadForm<T> {
  path: string;
  limit: RateLimitOptions;
  parse: (body: unknown) => ParseResult<T>;
  /** Stores the lead with its notifications queued in the same transaction; returns its id. */
  store: (lead: T & { ipHash: string | null }) => Promise<number>;
  /** What the log calls a dropped honeypot hit. */
  name: string;
}

/**
 * The one form path of both lead forms: parse (the first problem as a 400) → per-IP limit →
 * honeypot (answered like a success, nothing kept) → store and queue delivery → 201 {id}.
 * POST /api/contact {name, email, phone?, website?, message}; POST /api/writeforus/submit {title,
 * author, email, content}. What is stored is never rendered as HTML.
 */
export function formsRouter({ db, log, leads }: { db: Db; log: Logger; leads: LeadDelivery }): Router {
  const router = Router();
  // The installation's salt, read once, on the first lead (a failed read is tried again on the next).
  let hasher: ReturnType<typeof createIpHasher> | undefined;
  const hashIp = async (ip: string | undefined) => {
    hasher ??= createIpHasher(db).catch((error: unknown) => {
      hasher = undefined;
      throw error;
    });
    return (await hasher)(ip);
  };
  function post<T>(form: LeadForm<T>): void {
    const parse = (req: Request) => {
      const parsed = form.parse(req.body);
      if (!parsed.ok) throw new HttpError(400, parsed.error);
      return parsed;
    };
    router.post(
      form.path,
      ...endpoint({ parse, limit: form.limit }, async (parsed, req, res) => {
        if (parsed.isBot) {
          log.info({ reqId: res.locals.requestId }, `${form.name} honeypot triggered; dropped`);
          res.status(201).json({});
          return;
        }
        const id = await form.store({ ...parsed.data, ipHash: await hashIp(req.ip) });
        res.status(201).json({ id });
      }),
    );
  }
  post({
    path: '/contact',
    limit: CONTACT_RATE_LIMIT,
    parse: parseContact,
    store: (lead) => leads.storeContact(lead),
    name: 'contact',
  });
  post({
    path: '/writeforus/submit',
    limit: ARTICLE_RATE_LIMIT,
    parse: parseArticle,
    store: (lead) => leads.storeArticle(lead),
    name: 'article',
  });
  return router;
}
