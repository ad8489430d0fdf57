import express, { Router, type Request, type RequestHandler } from 'express';
import { createElement } from 'react';
import type { Db } from '#db/index.ts';
import type { Config } from '#server/config/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { AdminFrame, type AdminNavLink } from '#views/admin/AdminFrame.tsx';
import { profileTimeZone, TimeZoneContext } from '#views/lib/local-time.ts';
import { declaredBodyLimit } from '../body-limit.ts';
import { csrfGuard, noStoreNoIndex, sessionGate, sessionOf, signInOrigin } from './guard.ts';
import { createResponder, sendHtml, wantsJson, type Responder } from './respond.ts';
import { signInRoutes, signOut } from './sign-in.ts';
import type { AdminSection, AdminTools } from './types.ts';

export type { AdminPage, AdminSection, AdminTools, AnswerAgain } from './types.ts';

/** Form and JSON bodies a section reads unless it says otherwise: a few short fields. */
export const ADMIN_BODY_LIMIT = 16 * 1024;

export interface AdminShellOptions {
  config: Pick<Config, 'siteUrl' | 'siteProfile'>;
  db: Db;
  log: Logger;
  /** ADMIN_PASSWORD. */
  password: string;
  /** The site's stylesheet (the build's hashed URL). */
  css: string;
  /** What the features plug in; the navigation lists them, the home section (`/`) first. */
  sections: readonly AdminSection[];
  now?: () => number;
  /** Waits while sign-ins are slowed (tests record the wait instead). */
  wait?: (ms: number) => Promise<void>;
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isMultipart = (req: Request) => Boolean(req.is('multipart/form-data'));
const hrefOf = (section: AdminSection) => (section.path === '/' ? '/admin' : `/admin${section.path}`);

/** A declared Content-Length past the limits is refused before a byte is read; then forms and JSON are parsed. */
function bodies({ json = ADMIN_BODY_LIMIT, multipart = ADMIN_BODY_LIMIT }: AdminSection['bodyLimits'] = {}) {
  return [
    declaredBodyLimit(json, 'The form is too large.', (req) => !isMultipart(req)),
    declaredBodyLimit(multipart, 'The upload is too large.', isMultipart),
    express.urlencoded({ extended: false, limit: ADMIN_BODY_LIMIT, parameterLimit: 30 }),
    express.json({ limit: json }),
  ];
}

/** What a section's routes get: the shell's answers, with the frame's navigation marking this section. */
function toolsFor(
  section: AdminSection,
  shared: {
    respond: Responder;
    guard: RequestHandler;
    nav: AdminSection[];
    frame: FrameBase;
    now: () => number;
    timeZone: string;
  },
): AdminTools {
  const nav: AdminNavLink[] = shared.nav.map((entry) => ({
    href: hrefOf(entry),
    label: entry.label,
    current: entry === section,
  }));
  return {
    guard: shared.guard,
    session: sessionOf,
    wantsJson,
    parse: shared.respond.parse,
    refuse: shared.respond.refuse,
    notFound: shared.respond.notFound,
    now: shared.now,
    page(res, status, page) {
      const nonce = (res.locals as { nonce?: string }).nonce;
      const frame = { ...shared.frame, title: page.title, csrf: sessionOf(res).csrfToken, nav };
      const script = page.script === undefined ? undefined : { code: page.script, nonce };
      // Every time a section shows is in the profile's zone (decision 0060).
      const children = createElement(TimeZoneContext.Provider, { value: shared.timeZone }, page.content);
      sendHtml(res, status, createElement(AdminFrame, { ...frame, script, children }));
    },
  };
}

type FrameBase = { businessName: string; css: string };

/**
 * `/admin` (only with ADMIN_PASSWORD; docs/decisions/0023 and 0051): one sign-in and session, one
 * Origin-and-token check, one page frame, one way to check forms, for every section the features plug
 * in. Plain server-rendered forms: it works without JavaScript. Every answer is `no-store` and
 * `noindex`. The shell knows no feature: sections come in through `sections`.
 */
export function createAdminShell(options: AdminShellOptions): Router {
  const { config, db, log, now = () => Date.now() } = options;
  const origin = new URL(config.siteUrl).origin;
  const secure = config.siteUrl.startsWith('https:');
  const frame = { businessName: config.siteProfile.business.name, css: options.css };
  const respond = createResponder(options.css);
  const guard = csrfGuard({ origin, log, respond });
  const timeZone = profileTimeZone(config.siteProfile.business);
  const nav = [...options.sections].sort((a, b) => Number(b.path === '/') - Number(a.path === '/'));

  const router = Router();
  router.use(noStoreNoIndex);
  router.use(
    signInRoutes(
      { db, log, password: options.password, ...frame, secure, respond, now, wait: options.wait ?? waitFor },
      ...bodies(),
      signInOrigin({ origin, log, respond }),
    ),
  );
  // Everything below needs a session.
  router.use(sessionGate(db, now));
  router.post('/logout', ...bodies(), guard, signOut(db, secure));
  // The home section (`/`) last: the others own their paths first.
  for (const section of [...nav].reverse()) {
    const sectionRouter = Router();
    sectionRouter.use(...bodies(section.bodyLimits));
    section.routes(sectionRouter, toolsFor(section, { respond, guard, nav, frame, now, timeZone }));
    if (section.path !== '/') sectionRouter.use(respond.notFound);
    router.use(section.path, sectionRouter);
  }
  router.use(respond.notFound);
  return router;
}
