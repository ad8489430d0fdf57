import type { Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import { createElement } from 'react';
import { z } from 'zod';
import { listPosts } from '#db/posts.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AdminSection, AdminTools } from '#server/http/admin/shell.ts';
import { HttpError } from '#server/http/http-error.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { PostEditorPage } from '#views/admin/posts/PostEditor.tsx';
import type { EditorValues } from '#views/model/posts.ts';
import { PostsListPage, type AdminPostItem } from '#views/admin/posts/PostsList.tsx';
import { previewScript } from '#views/admin/posts/preview-script.ts';
import { editorForm, formToFields, valuesOf } from './editor-form.ts';
import { IMAGE_LIMITS, storeImage } from './images.ts';
import { markdownLimitProblem } from './markdown-limits.ts';
import { POST_LIMITS, withoutControls, type PostFieldsInput } from './post-file.ts';
import type { PostsService } from './service.ts';
import { ZIP_LIMITS } from './zip.ts';
import { importExportRoutes } from './zip-router.ts';

/** JSON bodies (an API client saving a post, the preview): a post's text and its fields. */
export const ADMIN_POSTS_JSON_LIMIT = POST_LIMITS.bodyChars * 4 + 64 * 1024;
/** Multipart bodies: a zip to import, or the editor's form with its cover. */
const MULTIPART_LIMIT = ZIP_LIMITS.bytes + 1024 * 1024;
const NOTICES: Record<string, string> = { saved: 'Saved.', deleted: 'Deleted.', imported: 'Imported.' };

/** The preview: the Markdown, within the nesting limits (checked before a job is asked to render it). */
const previewForm = z.object({
  body: z
    .string({ error: 'body: the Markdown to preview, as a string' })
    .transform((text) => withoutControls(text, true))
    .superRefine((text, ctx) => {
      const problem = markdownLimitProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: `body: ${problem}` });
    }),
});
const pictureForm = z.object({ alt: z.string().catch('') });

/** Multer's refusals in the shell's terms: too large is 413, anything else about the form 400. */
function uploading(upload: RequestHandler, admin: AdminTools, tooLarge: string): RequestHandler {
  return (req, res, next) =>
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const refusal =
        error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE'
          ? new HttpError(413, tooLarge)
          : new HttpError(400, `The form could not be read (${error instanceof Error ? error.message : 'malformed'}).`);
      void admin.refuse(req, res, refusal);
    });
}

export interface PostsSectionOptions extends Pick<AppDeps, 'config' | 'db' | 'log'> {
  posts: PostsService;
}

/**
 * `/admin/posts`: the list, the Markdown editor with its live preview, pictures, import and export.
 * Every change goes through the shell's guard (Origin and the form token, or X-CSRF-Token for JSON).
 */
export function postsSection(options: PostsSectionOptions): AdminSection {
  return {
    path: '/posts',
    label: 'Posts',
    bodyLimits: { json: ADMIN_POSTS_JSON_LIMIT, multipart: MULTIPART_LIMIT },
    routes(router, admin) {
      const context = sectionContext(options, admin);
      listRoutes(router, context);
      previewRoutes(router, context);
      editorRoutes(router, context);
    },
  };
}

type Context = ReturnType<typeof sectionContext>;

function sectionContext({ config, db, log, posts }: PostsSectionOptions, admin: AdminTools) {
  const team = (config.siteProfile.business.team ?? []).map((person) => person.name);
  const images = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_LIMITS.bytes, files: 1, fields: 30, fieldSize: POST_LIMITS.bodyChars * 4, parts: 32 },
  });
  const imageTooLarge = `The file is larger than allowed (images: ${IMAGE_LIMITS.bytes / 1024 / 1024} MB).`;
  const zips = multer({ storage: multer.memoryStorage(), limits: { fileSize: ZIP_LIMITS.bytes, files: 1, fields: 5 } });

  async function listItems(): Promise<AdminPostItem[]> {
    const at = admin.now();
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
        ping: ping ? { at: ping.at, message: ping.message } : null,
      };
    });
  }

  return {
    db,
    log,
    posts,
    admin,
    image: (field: string) => uploading(images.single(field), admin, imageTooLarge),
    zip: uploading(zips.single('zip'), admin, `The zip is larger than ${ZIP_LIMITS.bytes / 1024 / 1024} MB.`),
    async list(res: Response, status: number, extra: { notice?: string; error?: string } = {}) {
      const content = createElement(PostsListPage, {
        csrf: admin.session(res).csrfToken,
        posts: await listItems(),
        ...extra,
      });
      admin.page(res, status, { title: 'Posts', content });
    },
    editor(
      res: Response,
      status: number,
      props: { id: string | null; values: EditorValues; error?: string; notice?: string },
    ) {
      const csrf = admin.session(res).csrfToken;
      const content = createElement(PostEditorPage, { ...props, csrf, team });
      admin.page(res, status, { title: `${props.id ? 'Edit' : 'New'} post`, content, script: previewScript(csrf) });
    },
  };
}

/** The list, export and import. */
function listRoutes(router: Router, context: Context): void {
  router.get('/', (req, res) => context.list(res, 200, { notice: NOTICES[String(req.query.done ?? '')] }));
  importExportRoutes(router, context);
}

/** The live preview, and pictures for the text (stored like a cover; the answer carries their Markdown). */
function previewRoutes(router: Router, { admin, posts }: Context): void {
  router.post('/preview', admin.guard, async (req, res) => {
    const typed: unknown = req.body?.body;
    if (typeof typed === 'string' && typed.length > POST_LIMITS.bodyChars)
      return admin.refuse(req, res, new HttpError(413, `A post has at most ${POST_LIMITS.bodyChars} characters.`));
    const form = await admin.parse(req, res, previewForm, req.body ?? {});
    if (!form) return;
    try {
      const { html, toc, readingMinutes } = await posts.preview(form.body);
      res.json({ html, toc, readingMinutes });
    } catch (error) {
      await admin.refuse(req, res, error);
    }
  });
}

function pictureRoute(router: Router, { admin, db, image }: Context): void {
  router.post('/images', image('image'), admin.guard, async (req, res) => {
    const { alt } = pictureForm.parse(req.body ?? {});
    try {
      if (!req.file) throw new InvalidInputError('image: choose an image file to upload.');
      const stored = await storeImage(db, req.file.buffer, admin.now());
      const text = alt
        .replace(/[[\]\n]/g, ' ')
        .trim()
        .slice(0, 300);
      res.status(201).json({ ...stored, markdown: `![${text}](/media/posts/${stored.id})` });
    } catch (error) {
      await admin.refuse(req, res, error);
    }
  });
}

/** Saves a post from the editor's form (multipart, with an optional cover) or from JSON fields. */
async function save(context: Context, req: Request, res: Response, id: string | null): Promise<void> {
  const { admin, posts, db, log } = context;
  const typed = req.is('application/json') ? undefined : editorForm.parse(req.body ?? {});
  const again = typed && ((error: string, status: number) => context.editor(res, status, { id, values: typed, error }));
  try {
    const input: PostFieldsInput = typed ? formToFields(typed) : (req.body as PostFieldsInput);
    if (req.file)
      input.cover = { image: (await storeImage(db, req.file.buffer, admin.now())).id, alt: typed?.coverAlt ?? '' };
    const row = id ? await posts.update(id, input) : await posts.create(input);
    log.info(
      { reqId: res.locals.requestId, id: row.id, status: row.status },
      id ? 'admin: post saved' : 'admin: post created',
    );
    if (!admin.wantsJson(req)) return res.redirect(303, `/admin/posts/${row.id}?done=saved`);
    res.status(id ? 200 : 201).json({ id: row.id, path: `/${row.category}/${row.slug}`, status: row.status });
  } catch (error) {
    await admin.refuse(req, res, error, again || undefined);
  }
}

/** New, edit, save, delete. */
function editorRoutes(router: Router, context: Context): void {
  const { admin, posts } = context;
  pictureRoute(router, context);
  router.get('/new', (_req, res) => context.editor(res, 200, { id: null, values: valuesOf(undefined) }));
  router.post('/', context.image('cover'), admin.guard, (req, res) => save(context, req, res, null));
  router.get('/:id', async (req, res, next) => {
    const row = await posts.get(String(req.params.id));
    if (!row) return next();
    context.editor(res, 200, { id: row.id, values: valuesOf(row), notice: NOTICES[String(req.query.done ?? '')] });
  });
  router.post('/:id', context.image('cover'), admin.guard, (req, res) =>
    save(context, req, res, String(req.params.id)),
  );
  router.post('/:id/delete', admin.guard, async (req, res) => {
    try {
      await posts.remove(String(req.params.id));
    } catch (error) {
      return admin.refuse(req, res, error);
    }
    if (admin.wantsJson(req)) return void res.json({ deleted: true });
    res.redirect(303, '/admin/posts?done=deleted');
  });
}
