import express, { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { listPosts, type PostRow } from '#db/posts.ts';
import type { AdminSession } from '#db/admin-sessions.ts';
import type { AppDeps } from '#server/deps.ts';
import { STATUS_OF_KIND } from '#server/http/errors.ts';
import { DomainError, InvalidInputError } from '#server/lib/domain-errors.ts';
import { adminGate, sameSecret, wantsJson } from '#server/features/leads/admin-session.ts';
import { AdminNotFound } from '#views/admin/AdminPages.tsx';
import {
  PostEditorPage,
  PostsListPage,
  type AdminPostItem,
  type EditorValues,
} from '#views/admin/posts/PostsAdmin.tsx';
import { IMAGE_LIMITS, storeImage } from './images.ts';
import { POST_LIMITS, type PostFieldsInput } from './post-file.ts';
import { fieldsOf, type PostsService } from './service.ts';
import { ZIP_LIMITS } from './zip.ts';
import { importExportRoutes } from './zip-router.ts';

/** JSON bodies (an API client saving a post, the preview): a post's text and its fields. */
export const ADMIN_POSTS_JSON_LIMIT = POST_LIMITS.bodyChars * 4 + 64 * 1024;
const NOTICES: Record<string, string> = { saved: 'Saved.', deleted: 'Deleted.', imported: 'Imported.' };

type Locals = { session: AdminSession; nonce?: string };

export interface AdminPostsOptions extends Pick<AppDeps, 'config' | 'db' | 'log'> {
  posts: PostsService;
  css: string;
  now?: () => number;
}

function html(res: Response, status: number, element: ReactElement): void {
  res
    .status(status)
    .type('html')
    .send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

const one = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `2026-12-01T14:30` typed in a zone `offset` minutes east of UTC, as an instant. */
export function localToIso(local: string, offset: string): string | undefined {
  if (!local) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(local);
  const minutes = Number(offset || '330');
  if (!match || !Number.isInteger(minutes) || Math.abs(minutes) > 14 * 60)
    throw new InvalidInputError('published: a date and time such as 2026-12-01T14:30');
  return new Date(Date.parse(`${match[1]}T${match[2]}:00Z`) - minutes * 60_000).toISOString();
}

/** The instant as the editor's `datetime-local` shows it, in a zone `offset` minutes east of UTC. */
function isoToLocal(ms: number | undefined, offset: number): string {
  return ms === undefined ? '' : new Date(ms + offset * 60_000).toISOString().slice(0, 16);
}

function valuesOf(row: PostRow | undefined, offset = 330): EditorValues {
  const fields = row ? fieldsOf(row) : undefined;
  return {
    title: fields?.title ?? '',
    slug: fields?.slug ?? '',
    category: fields?.category ?? 'seo-guides',
    description: fields?.description ?? '',
    seoTitle: fields?.seoTitle ?? '',
    tags: fields?.tags.join(', ') ?? '',
    author: fields?.author ?? '',
    status: fields?.status ?? 'draft',
    published: isoToLocal(fields?.published, offset),
    tzOffset: String(offset),
    coverImage: fields?.cover?.image ?? '',
    coverAlt: fields?.cover?.alt ?? '',
    body: fields?.body ?? '',
  };
}

/** The editor's form, as typed, into the fields a post is saved with. */
function formToFields(values: EditorValues): PostFieldsInput {
  const tags = values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    title: values.title,
    slug: values.slug.trim(),
    category: values.category as PostFieldsInput['category'],
    description: values.description,
    ...(values.seoTitle.trim() ? { seoTitle: values.seoTitle } : {}),
    tags,
    ...(values.author ? { author: values.author } : {}),
    status: values.status as PostFieldsInput['status'],
    ...(values.published ? { published: localToIso(values.published, values.tzOffset) } : {}),
    ...(values.coverImage ? { cover: { image: values.coverImage, alt: values.coverAlt } } : {}),
    body: values.body.replace(/\r\n/g, '\n'),
  };
}

function formValues(body: Record<string, unknown>): EditorValues {
  const keys: Array<keyof EditorValues> = [
    'title',
    'slug',
    'category',
    'description',
    'seoTitle',
    'tags',
    'author',
    'status',
    'published',
    'tzOffset',
    'coverImage',
    'coverAlt',
    'body',
  ];
  return Object.fromEntries(keys.map((key) => [key, one(body[key])])) as unknown as EditorValues;
}

/**
 * `/admin/posts`: the list, the Markdown editor with its live preview, import and export. Behind the
 * inbox's session (the same sign-in); every state change needs the site's Origin and the session's
 * CSRF token (a form field, or the X-CSRF-Token header for JSON).
 */
export function adminPostsRouter({ config, db, log, posts, css, now = () => Date.now() }: AdminPostsOptions): Router {
  const router = Router();
  const origin = new URL(config.siteUrl).origin;
  const name = config.siteProfile.business.name;
  const team = (config.siteProfile.business.team ?? []).map((person) => person.name);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_LIMITS.bytes, files: 1, fields: 30, fieldSize: POST_LIMITS.bodyChars * 4, parts: 32 },
  });
  const zipUpload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: ZIP_LIMITS.bytes, files: 1, fields: 5 },
  });

  router.use(adminGate(db, now));
  router.use(
    express.json({ limit: ADMIN_POSTS_JSON_LIMIT }),
    express.urlencoded({ extended: false, limit: 16 * 1024, parameterLimit: 20 }),
  );

  /** Same Origin and the session's CSRF token: a form field or the X-CSRF-Token header. */
  function guarded(req: Request, res: Response, next: NextFunction): void {
    const token = one(req.body?.csrf) || (req.get('x-csrf-token') ?? '');
    if (req.get('origin') === origin && sameSecret(token, (res.locals as Locals).session.csrfToken)) return next();
    log.warn(
      { reqId: res.locals.requestId, path: req.originalUrl },
      'admin posts: request without origin or token refused',
    );
    res.status(403).json({ error: 'Forbidden: send this from the admin pages (same origin, with the form token).' });
  }

  const common = (res: Response) => ({
    businessName: name,
    css,
    csrf: (res.locals as Locals).session.csrfToken,
    nonce: (res.locals as Locals).nonce,
  });

  function failed(error: unknown): { status: number; message: string } {
    if (error instanceof DomainError) return { status: STATUS_OF_KIND[error.kind], message: error.message };
    if (error instanceof multer.MulterError)
      return {
        status: error.code === 'LIMIT_FILE_SIZE' ? 413 : 400,
        message:
          error.code === 'LIMIT_FILE_SIZE'
            ? `The file is larger than allowed (images: ${IMAGE_LIMITS.bytes / 1024 / 1024} MB).`
            : `The form could not be read (${error.message}).`,
      };
    throw error;
  }

  async function listItems(): Promise<AdminPostItem[]> {
    const at = now();
    return (await listPosts(db)).map((row) => {
      const ping = row.indexnow ? (JSON.parse(row.indexnow) as { at: number; message: string }) : null;
      return {
        id: row.id,
        title: row.title,
        category: row.category,
        slug: row.slug,
        status: row.status,
        live: row.status !== 'draft' && row.published_at !== null && Number(row.published_at) <= at,
        publishedAt: row.published_at === null ? null : Number(row.published_at),
        updatedAt: Number(row.updated_at),
        ping: ping ? `${new Date(ping.at).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${ping.message}` : null,
      };
    });
  }

  router.get('/', async (req, res) => {
    html(
      res,
      200,
      createElement(PostsListPage, { ...common(res), posts: await listItems(), notice: NOTICES[one(req.query.done)] }),
    );
  });
  router.get('/new', (_req, res) => {
    html(res, 200, createElement(PostEditorPage, { ...common(res), id: null, values: valuesOf(undefined), team }));
  });

  router.post('/preview', guarded, async (req, res) => {
    const body: unknown = req.body?.body;
    if (typeof body !== 'string')
      return void res.status(400).json({ error: 'body: the Markdown to preview, as a string' });
    if (body.length > POST_LIMITS.bodyChars)
      return void res.status(413).json({ error: `A post has at most ${POST_LIMITS.bodyChars} characters.` });
    const rendered = await posts.preview(body);
    res.json({ html: rendered.html, toc: rendered.toc, readingMinutes: rendered.readingMinutes });
  });

  /** A picture for the text: stored like a cover; the answer carries the Markdown that shows it. */
  router.post(
    '/images',
    (req, res, next) =>
      upload.single('image')(req, res, (error?: unknown) => {
        if (!error) return next();
        const { status, message } = failed(error);
        res.status(status).json({ error: message });
      }),
    guarded,
    async (req, res) => {
      try {
        if (!req.file) throw new InvalidInputError('image: choose an image file to upload.');
        const image = await storeImage(db, req.file.buffer, now());
        const alt = one(req.body?.alt)
          .replace(/[[\]\n]/g, ' ')
          .trim()
          .slice(0, 300);
        res.status(201).json({ ...image, markdown: `![${alt}](/media/posts/${image.id})` });
      } catch (error) {
        const { status, message } = failed(error);
        res.status(status).json({ error: message });
      }
    },
  );

  importExportRoutes(router, { posts, db, guarded, zipUpload, failed, listItems, common, now });

  /** Saves a post from the editor's form (multipart, with an optional cover) or from JSON fields. */
  async function save(req: Request, res: Response, id: string | null): Promise<void> {
    const jsonBody = req.is('application/json') === 'application/json';
    // Browsers (Accept: text/html) get pages; other clients, JSON.
    const json = wantsJson(req);
    const values = jsonBody ? undefined : formValues(req.body ?? {});
    try {
      const input: PostFieldsInput = jsonBody ? (req.body as PostFieldsInput) : formToFields(values!);
      if (req.file) {
        const image = await storeImage(db, req.file.buffer, now());
        input.cover = { image: image.id, alt: values?.coverAlt ?? '' };
      }
      const row = id ? await posts.update(id, input) : await posts.create(input);
      log.info(
        { reqId: res.locals.requestId, id: row.id, status: row.status },
        id ? 'admin: post saved' : 'admin: post created',
      );
      if (json)
        return void res
          .status(id ? 200 : 201)
          .json({ id: row.id, path: `/${row.category}/${row.slug}`, status: row.status });
      res.redirect(303, `/admin/posts/${row.id}?done=saved`);
    } catch (error) {
      const { status, message } = failed(error);
      if (json || !values) return void res.status(status).json({ error: message });
      html(res, status, createElement(PostEditorPage, { ...common(res), id, values, team, error: message }));
    }
  }

  function multipart(req: Request, res: Response, next: NextFunction): void {
    if (!req.is('multipart/form-data')) return next();
    upload.single('cover')(req, res, (error?: unknown) => {
      if (!error) return next();
      const { status, message } = failed(error);
      res.status(status).json({ error: message });
    });
  }

  router.post('/', multipart, guarded, (req, res) => save(req, res, null));
  router.get('/:id', async (req, res, next) => {
    const row = await posts.get(req.params.id as string);
    if (!row) return next();
    html(
      res,
      200,
      createElement(PostEditorPage, {
        ...common(res),
        id: row.id,
        values: valuesOf(row),
        team,
        notice: NOTICES[one(req.query.done)],
      }),
    );
  });
  router.post('/:id', multipart, guarded, (req, res) => save(req, res, req.params.id as string));
  router.post('/:id/delete', guarded, async (req, res) => {
    try {
      await posts.remove(req.params.id as string);
    } catch (error) {
      const { status, message } = failed(error);
      return void res.status(status).json({ error: message });
    }
    if (wantsJson(req)) return void res.json({ deleted: true });
    res.redirect(303, '/admin/posts?done=deleted');
  });

  router.use((req, res) => {
    if (wantsJson(req)) return void res.status(404).json({ error: 'Not found' });
    html(res, 404, createElement(AdminNotFound, { css }));
  });
  return router;
}
