import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Db } from '#db/index.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { PostsListPage, type AdminPostItem } from '#views/admin/posts/PostsAdmin.tsx';
import type { PostsService } from './service.ts';
import { allPostFields, exportZip, importPosts, readZip } from './zip.ts';

interface Routes {
  posts: PostsService;
  db: Db;
  guarded: (req: Request, res: Response, next: NextFunction) => void;
  zipUpload: { single(name: string): RequestHandler };
  failed: (error: unknown) => { status: number; message: string };
  listItems: () => Promise<AdminPostItem[]>;
  common: (res: Response) => { businessName: string; css: string; csrf: string; nonce?: string };
  now: () => number;
}

/** GET /admin/posts/export.zip and POST /admin/posts/import (a zip field named `zip`). */
export function importExportRoutes(
  router: Router,
  { posts, db, guarded, zipUpload, failed, listItems, common, now }: Routes,
): void {
  router.get('/export.zip', async (_req, res) => {
    const day = new Date(now()).toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="posts-${day}.zip"`);
    res.send(Buffer.from(exportZip(await allPostFields(posts))));
  });
  router.post(
    '/import',
    (req, res, next) =>
      zipUpload.single('zip')(req, res, (error?: unknown) => {
        if (!error) return next();
        const { status, message } = failed(error);
        res.status(status).json({ error: message });
      }),
    guarded,
    async (req, res) => {
      const html = /\btext\/html\b/.test(req.get('accept') ?? '');
      try {
        if (!req.file) throw new InvalidInputError('zip: choose a zip of Markdown files to import.');
        const result = await importPosts(posts, db, readZip(req.file.buffer));
        if (!html) return void res.json(result);
        res.redirect(303, '/admin/posts?done=imported');
      } catch (error) {
        const { status, message } = failed(error);
        if (!html) return void res.status(status).json({ error: message });
        res
          .status(status)
          .type('html')
          .send(
            `<!DOCTYPE html>${renderToStaticMarkup(createElement(PostsListPage, { ...common(res), posts: await listItems(), error: message }))}`,
          );
      }
    },
  );
}
