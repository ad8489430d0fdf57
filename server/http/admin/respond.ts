import type { Request, Response } from 'express';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { z } from 'zod';
import { isDomainError } from '#server/lib/domain-errors.ts';
import { AdminMessagePage } from '#views/admin/AdminFrame.tsx';
import { STATUS_OF_KIND } from '../errors.ts';
import { isHttpError } from '../http-error.ts';
import { parseOr400 } from '../validation.ts';
import type { AnswerAgain } from './types.ts';

/** Static markup: the admin ships no React to the browser. */
export function sendHtml(res: Response, status: number, element: ReactElement): void {
  res
    .status(status)
    .type('html')
    .send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

/** Browsers ask for HTML; scripts and the editor's fetch calls do not, and get JSON. */
export function wantsJson(req: Request): boolean {
  return !/\btext\/html\b/.test(req.get('accept') ?? '');
}

/** A refusal's status and words: the one error-to-status table of the API (server/http/errors.ts). */
function refusalOf(res: Response, error: unknown): { status: number; message: string } {
  if (isHttpError(error)) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    return { status: error.status, message: error.message };
  }
  if (isDomainError(error)) {
    if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    return { status: STATUS_OF_KIND[error.kind], message: error.message };
  }
  throw error;
}

/** The heading of a refusal's page, by status. */
const REFUSAL_TITLES: Record<number, string> = {
  400: 'Check what was sent',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Already there',
  413: 'Too large',
  429: 'Too many requests',
  503: 'Busy',
};

/** Answers, for a browser and for a script, the shell's own way: one place for every section. */
export function createResponder(css: string) {
  function messagePage(res: Response, status: number, title: string, message?: string): void {
    sendHtml(res, status, createElement(AdminMessagePage, { css, title, message }));
  }

  async function refuse(req: Request, res: Response, error: unknown, again?: AnswerAgain): Promise<void> {
    const { status, message } = refusalOf(res, error);
    if (wantsJson(req)) return void res.status(status).json({ error: message });
    if (again) return void (await again(message, status));
    messagePage(res, status, REFUSAL_TITLES[status] ?? 'Not possible', message);
  }

  async function parse<S extends z.ZodType>(
    req: Request,
    res: Response,
    schema: S,
    value: unknown,
    again?: AnswerAgain,
  ): Promise<z.output<S> | undefined> {
    try {
      return parseOr400(schema, value);
    } catch (error) {
      await refuse(req, res, error, again);
      return undefined;
    }
  }

  function notFound(req: Request, res: Response): void {
    if (wantsJson(req)) return void res.status(404).json({ error: 'Not found' });
    messagePage(res, 404, 'Not found');
  }

  return { messagePage, refuse, parse, notFound };
}

export type Responder = ReturnType<typeof createResponder>;
