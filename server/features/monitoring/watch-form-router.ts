import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { HttpError } from '#server/http/http-error.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import type { MonitoringService } from './service.ts';
import { watchBody } from './router.ts';

/** A repeated form field: absent (no box ticked), one value, or several. */
const formList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat()));

/** The "Change alerts" form as the browser posts it: the boxes ticked, the format chosen. */
const watchForm = z.strictObject({
  alertFields: formList,
  muted: formList,
  webhookFormat: z.string().optional(),
});

/** Where the form's answer sends the browser back to: the manage page, at the form. */
export function watchFormReturn(id: string, token: string, outcome: { saved: true } | { error: string }): string {
  const status = 'error' in outcome ? `alertsError=${encodeURIComponent(outcome.error.slice(0, 300))}` : 'alerts=saved';
  return `/monitor/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}&${status}#monitor-alerts`;
}

/**
 * The manage page's "Change alerts" form without JavaScript (issue 35): `POST /monitor/:id/watch`
 * form-encoded, answered with a redirect back to the page (Post/Redirect/Get), which shows the saved
 * choices or why they were refused. The manage token in the address is the capability (as for the
 * API); the Origin must be the site's own, as for the admin's forms. The whole form is the state: a
 * watched page not ticked is unmuted. The choices go through the API's schema (router.ts).
 */
export function watchFormRouter({ service, siteUrl }: { service: MonitoringService; siteUrl: string }): Router {
  const router = Router();
  const origin = new URL(siteUrl).origin;
  router.post(
    '/:id/watch',
    express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 6000 }),
    async (req: Request, res: Response) => {
      if (req.get('origin') !== origin)
        throw new HttpError(403, 'Forbidden: this form must be sent from the site itself.');
      const id = String(req.params.id);
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const { pages } = await service.watchForm(id, token);
      try {
        const form = parseOr400(watchForm, req.body ?? {});
        const ticked = new Set(form.muted);
        const changes = parseOr400(watchBody, {
          alertFields: form.alertFields,
          ...(form.webhookFormat !== undefined && { webhookFormat: form.webhookFormat }),
          mute: form.muted,
          unmute: pages.filter((url) => !ticked.has(url)),
        });
        await service.updateWatchSettings(id, token, changes);
        res.redirect(303, watchFormReturn(id, token, { saved: true }));
      } catch (error) {
        if (!(error instanceof InvalidInputError || (error instanceof HttpError && error.status === 400))) throw error;
        res.redirect(303, watchFormReturn(id, token, { error: error.message }));
      }
    },
  );
  return router;
}
