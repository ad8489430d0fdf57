import type { Request, RequestHandler, Response, Router } from 'express';
import type { ReactElement } from 'react';
import type { z } from 'zod';
import type { AdminSession } from '#db/admin-sessions.ts';

/**
 * A part of /admin that a feature plugs into the admin shell (the inbox, posts, client sites). The
 * shell owns what every section shares: the session, the Origin and CSRF check, the page frame with
 * its navigation and sign-out, body limits and form validation. A section owns only its routes.
 */
export interface AdminSection {
  /** Where it lives below /admin: `/` (the inbox, the admin's home), `/posts`, `/client-sites`. */
  path: string;
  /** Its link in the shell's navigation. */
  label: string;
  /**
   * The largest bodies its routes read, in bytes: JSON and form bodies (default 16 KB), multipart
   * uploads (default none). A declared Content-Length past them is answered 413 before any is read.
   */
  bodyLimits?: { json?: number; multipart?: number };
  /** Adds its routes (paths below its own) to a router the shell mounts behind the session. */
  routes(router: Router, admin: AdminTools): void;
}

/** One page in the shell's frame. */
export interface AdminPage {
  /** The document's title, before " · <business name>". */
  title: string;
  /** The page's <main>. */
  content: ReactElement;
  /** An inline script, run under the request's CSP nonce (the posts editor's preview). */
  script?: string;
}

/** A page shown again after a refusal: the message, and the status it answers with. */
export type AnswerAgain = (message: string, status: number) => void | Promise<void>;

/** What the shell gives a section's routes. */
export interface AdminTools {
  /** In front of every state change: the request's Origin must be SITE_URL's, and the session's CSRF token must come with it. */
  guard: RequestHandler;
  /** The signed-in session (its CSRF token goes into every form). */
  session(res: Response): AdminSession;
  /** Answers a page in the frame (navigation, sign out). */
  page(res: Response, status: number, page: AdminPage): void;
  /** Clients that did not ask for HTML (scripts, the editor's fetch) get JSON and status codes. */
  wantsJson(req: Request): boolean;
  /**
   * Checks `value` against `schema` as the API does (the first issue's message); on failure answers
   * 400 (the page again, or JSON) and gives undefined.
   */
  parse<S extends z.ZodType>(
    req: Request,
    res: Response,
    schema: S,
    value: unknown,
    again?: AnswerAgain,
  ): Promise<z.output<S> | undefined>;
  /**
   * Answers a refusal: a domain or HTTP error's status and message (anything else is thrown on), as
   * JSON `{"error": ...}` for other clients, else the page again with the message (`again`), else a
   * plain page that says it.
   */
  refuse(req: Request, res: Response, error: unknown, again?: AnswerAgain): Promise<void>;
  /** The section's 404: a page for browsers, JSON for other clients. */
  notFound(req: Request, res: Response): void;
  now(): number;
}
