import type { Request, RequestHandler, Response, Router } from 'express';
import type { Db } from '#db/index.ts';
import type { AdminTools } from '#server/http/admin/shell.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import type { PostsService } from './service.ts';
import { allPostFields, exportZip, importPosts, readZip } from './zip.ts';

interface ZipRoutes {
  posts: PostsService;
  db: Db;
  admin: AdminTools;
  /** Reads the upload (multipart field `zip`), refusing one past the size limit with 413. */
  zip: RequestHandler;
  /** The posts' list, again, with a message. */
  list: (res: Response, status: number, extra: { error?: string }) => Promise<void>;
}

/** GET /admin/posts/export.zip and POST /admin/posts/import (a zip field named `zip`). */
export function importExportRoutes(router: Router, { posts, db, admin, zip, list }: ZipRoutes): void {
  router.get('/export.zip', async (_req, res) => {
    const day = new Date(admin.now()).toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="posts-${day}.zip"`);
    res.send(Buffer.from(exportZip(await allPostFields(posts))));
  });
  router.post('/import', zip, admin.guard, async (req: Request, res: Response) => {
    try {
      if (!req.file) throw new InvalidInputError('zip: choose a zip of Markdown files to import.');
      const result = await importPosts(posts, db, await readZip(req.file.buffer));
      if (admin.wantsJson(req)) return void res.json(result);
      res.redirect(303, '/admin/posts?done=imported');
    } catch (error) {
      await admin.refuse(req, res, error, (message, status) => list(res, status, { error: message }));
    }
  });
}
