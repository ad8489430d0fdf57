import { Router } from 'express';
import { csvRows } from '#views/directories/columns.ts';
import { browsableSites, findDirectory } from '#views/directories/directories.ts';
import { toCsv } from '#views/lib/csv.ts';
import { statusOf, visibleSites } from '#views/directories/status.ts';
import type { DirectoryStatus } from '#views/directories/status.ts';
import { HttpError } from '#server/http/http-error.ts';

/**
 * GET /api/directories/<slug>.csv downloads a whole list (less the entries the link checker hides); <slug>.json feeds the table's
 * search and sort script with exactly the rows the page can show.
 */
export function directoriesRouter(status: DirectoryStatus): Router {
  const router = Router();
  router.get('/directories/:file', (req, res) => {
    const match = /^([a-z-]+)\.(csv|json)$/.exec(req.params.file);
    const directory = match ? findDirectory(match[1]) : undefined;
    if (!match || !directory)
      throw new HttpError(404, 'No such directory list. Try /api/directories/ad-post-sites.csv');
    res.set('Cache-Control', 'public, max-age=3600');
    if (match[2] === 'json') {
      res.json({
        slug: directory.slug,
        metrics: directory.list.metrics ?? null,
        pageSize: directory.pageSize,
        sites: visibleSites(browsableSites(directory), status),
      });
      return;
    }
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${directory.slug}.csv"`);
    // The BOM makes Excel read the file as UTF-8 (names such as Menéame).
    const rows = csvRows(
      visibleSites(directory.list.sites, status),
      directory.layout,
      (site) => statusOf(status, site.url)?.lastChecked ?? '',
    );
    const [header = [], ...body] = rows;
    res.send('\uFEFF' + toCsv(header, body));
  });
  return router;
}
