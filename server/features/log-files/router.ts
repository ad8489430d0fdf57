import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { LogFilesSettings } from '#server/config/log-files.ts';
import { declaredBodyLimit } from '#server/http/body-limit.ts';
import { HttpError } from '#server/http/http-error.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { visitorKey } from '#server/http/visitor.ts';
import { csvLine, type CsvCell } from '#views/lib/csv.ts';
import { botName } from '#views/model/log-file-bots.ts';
import { joinQuery, uploadFields, urlsQuery } from '#views/tools/log-files/schema.ts';
import type { LogFilesService } from './service.ts';
import { MULTIPART_ALLOWANCE_BYTES, tooLarge, uploadReceiver } from './upload-router.ts';

/** Logs are private: never cached by a proxy, never indexed. */
function privately(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store, private');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
}

/** A CSV download streamed row by row (the pipeline waits while the client is slow to read). */
async function sendCsv(res: Response, name: string, header: string[], rows: AsyncIterable<CsvCell[]>): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  async function* lines() {
    yield csvLine(header);
    for await (const row of rows) yield csvLine(row);
  }
  await pipeline(Readable.from(lines()), res);
}

/**
 * Log analyser API (issue 36): POST /api/log-files (multipart: `file`, one or more; optional
 * `auditId`) → 202 {id}; GET /api/log-files/:id, its /urls (and urls.csv), /days (and days.csv),
 * /join.csv?list=; DELETE /api/log-files/:id (the uploader's browser only).
 */
export function logFilesRouter({
  service,
  settings,
}: {
  service: LogFilesService;
  settings: LogFilesSettings;
}): Router {
  const router = Router();
  router.use('/log-files', privately);
  const receive = uploadReceiver(service, settings);

  router.post(
    '/log-files',
    // Before a byte of the upload is read: a declared size past the limit, an IP past its quota, a full queue.
    declaredBodyLimit(settings.maxBytes + MULTIPART_ALLOWANCE_BYTES, tooLarge(settings.maxBytes).message),
    rateLimit({ name: 'log-files', windowMs: 60 * 60_000, limit: settings.ratePerHour }),
    async (req, res) => {
      const { id, files } = await receive(req, res);
      try {
        const { auditId } = parseOr400(uploadFields, req.body ?? {});
        const visitor = visitorKey(req, res, { create: true })!;
        await service.accept({ id, files, visitor, auditId });
      } catch (error) {
        await rm(service.stagingFor(id), { recursive: true, force: true });
        throw error;
      }
      res.status(202).setHeader('Location', `/api/log-files/${id}`).json({ id });
    },
  );

  router.get('/log-files/:id', async (req, res) => {
    res.json(await service.get(String(req.params.id)));
  });

  router.get('/log-files/:id/urls', async (req, res) => {
    res.json(await service.urls(String(req.params.id), parseOr400(urlsQuery, req.query)));
  });

  router.get('/log-files/:id/urls.csv', async (req, res) => {
    const query = parseOr400(urlsQuery, req.query);
    const id = String(req.params.id);
    const statuses = (row: { statuses: Record<string, number> }) =>
      Object.entries(row.statuses)
        .map(([status, hits]) => `${status}: ${hits}`)
        .join('; ');
    // Looked up before the headers go out, so a missing log still answers 404 JSON.
    await service.finished(id);
    await sendCsv(
      res,
      `log-urls-${query.bot ?? 'all-bots'}.csv`,
      ['url', 'hits', 'bytes', 'statuses', 'first_seen', 'last_seen'],
      (async function* () {
        for await (const row of service.eachUrl(id, query))
          yield [row.url, row.hits, row.bytes, statuses(row), row.firstSeen, row.lastSeen];
      })(),
    );
  });

  router.get('/log-files/:id/days', async (req, res) => {
    res.json(await service.days(String(req.params.id)));
  });

  router.get('/log-files/:id/days.csv', async (req, res) => {
    const { days } = await service.days(String(req.params.id));
    await sendCsv(
      res,
      'log-days.csv',
      ['day', 'client', 'hits'],
      (async function* () {
        for (const day of days) for (const [bot, hits] of Object.entries(day.bots)) yield [day.day, botName(bot), hits];
      })(),
    );
  });

  router.get('/log-files/:id/join.csv', async (req, res) => {
    const { list } = parseOr400(joinQuery, req.query);
    const log = await service.finished(String(req.params.id));
    if (!log.join) throw new HttpError(404, 'This log was not joined with a site audit.');
    const lists = {
      'never-crawled': log.join.neverCrawled,
      'not-in-audit': log.join.notInAudit,
      'excluded-but-crawled': log.join.excludedButCrawled,
    };
    await sendCsv(
      res,
      `log-${list}.csv`,
      ['url', 'hits', 'reason'],
      (async function* () {
        for (const entry of lists[list].urls) yield [entry.url, entry.hits, entry.reason ?? ''];
      })(),
    );
  });

  router.delete('/log-files/:id', async (req, res) => {
    await service.remove(String(req.params.id), visitorKey(req, res, { create: false }));
    res.status(204).end();
  });

  return router;
}
