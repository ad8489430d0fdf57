import { rm } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { LogFilesSettings } from '#server/config/log-files.ts';
import type { LogFilesService } from './service.ts';
import { MULTIPART_ALLOWANCE_BYTES, uploadReceiver } from './upload-router.ts';

/**
 * The operator's way in from /admin/client-sites (docs/decisions/0055): handed to the client sites'
 * admin section at the composition point (server/features/index.ts), which owns the pages and the
 * shell's checks. An upload is read exactly as the public one (same limits, streamed, sniffed), then
 * attached to the client site and joined with its latest finished audit. Such a log belongs to the
 * site: no visitor's cookie can delete it, and it goes when the site goes.
 */
export function clientSiteLogs(service: LogFilesService, settings: LogFilesSettings) {
  const receive = uploadReceiver(service, settings);
  return {
    /** Bytes a multipart body may declare: the upload limit and the form's few fields. */
    maxBodyBytes: settings.maxBytes + MULTIPART_ALLOWANCE_BYTES,
    /** Reads and stages the upload; the answer attaches it, or discards it (a refusal after reading). */
    async receive(req: Request, res: Response) {
      const { id, files } = await receive(req, res);
      let settled = false;
      const discard = () => rm(service.stagingFor(id), { recursive: true, force: true });
      return {
        files: files.length,
        /** Queues its analysis, joined with the newest of `auditIds` (newest first) that is still there and finished. */
        async attach(to: {
          clientSite: string;
          auditIds: readonly string[];
        }): Promise<{ id: string; joined: boolean }> {
          settled = true;
          try {
            const auditId = await service.latestFinishedAudit(to.auditIds);
            await service.accept({ id, files, visitor: '', auditId, clientSite: to.clientSite });
            return { id, joined: auditId !== undefined };
          } catch (error) {
            await discard();
            throw error;
          }
        },
        /** Drops the staged files unless they were attached (safe to call whatever happened). */
        async discard(): Promise<void> {
          if (settled) return;
          settled = true;
          await discard();
        },
      };
    },
    list: (clientSites: string[]) => service.ofClientSites(clientSites),
    remove: (clientSite: string, id: string) => service.removeOfClientSite(clientSite, id),
    removeAll: (clientSite: string) => service.removeClientSite(clientSite),
  };
}
