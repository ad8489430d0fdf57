import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createIpHasher } from '#db/ip-hash.ts';
import { parseArticle } from '#views/pages/write-for-us/schema.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http-error.ts';

/** Per IP and hour: a writer rarely sends more than a couple of articles. */
export const ARTICLE_RATE_LIMIT = { windowMs: 60 * 60_000, limit: 5 };

/** POST /api/writeforus/submit {title, author, email, content} → 201 {id}, stored as 'pending' and queued for delivery. */
export function writeForUsRouter({ db, log, leads }: AppDeps): Router {
  const router = Router();
  const hashIp = createIpHasher(db);
  const parse = (req: Request) => {
    const parsed = parseArticle(req.body);
    if (!parsed.ok) throw new HttpError(400, parsed.error);
    return parsed;
  };
  router.post('/writeforus/submit', ...endpoint({ parse, limit: ARTICLE_RATE_LIMIT }, (parsed, req, res) => {
    if (parsed.isBot) {
      log.info({ reqId: res.locals.requestId }, 'article honeypot triggered; submission dropped');
      res.status(201).json({});
      return;
    }
    const id = leads.storeArticle({ ...parsed.data, ipHash: hashIp(req.ip) });
    res.status(201).json({ id });
  }));
  return router;
}
