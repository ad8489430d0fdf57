import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createIpHasher } from '#db/ip-hash.ts';
import { parseContact } from '#views/pages/contact/schema.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http-error.ts';

/** Per IP: enough for a person correcting a typo, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { windowMs: 10 * 60_000, limit: 5 };

/**
 * POST /api/contact {name, email, phone?, website?, message} → 201 {id}; the message is stored (with its notification
 * queued in the same transaction), never rendered as HTML.
 */
export function contactRouter({ db, log, leads }: AppDeps): Router {
  const router = Router();
  const hashIp = createIpHasher(db);
  const parse = (req: Request) => {
    const parsed = parseContact(req.body);
    if (!parsed.ok) throw new HttpError(400, parsed.error);
    return parsed;
  };
  router.post('/contact', ...endpoint({ parse, limit: CONTACT_RATE_LIMIT }, (parsed, req, res) => {
    if (parsed.isBot) {
      // Answer like a success so the bot learns nothing, but keep nothing.
      log.info({ reqId: res.locals.requestId }, 'contact honeypot triggered; message dropped');
      res.status(201).json({});
      return;
    }
    const id = leads.storeContact({ ...parsed.data, ipHash: hashIp(req.ip) });
    res.status(201).json({ id });
  }));
  return router;
}
