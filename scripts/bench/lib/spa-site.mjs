// The single-page application fixtures on a loopback port, for the site-audit-render bench: prints
// `listening <port>`. FIXTURE=spa (test/fixtures/site-audit-spa-site.ts: PAGES product pages, default
// 200) or FIXTURE=data (test/fixtures/site-audit-data-spa-site.ts: data asked for 100–500 ms after the
// app starts, PAGES posts and items together, default 200).
import { tsImport } from 'tsx/esm/api';

const { serveFixture } = await tsImport('../../../test/fixtures/crawl-site.ts', import.meta.url);
const pages = Number(process.env.PAGES ?? 200);
let site;
if (process.env.FIXTURE === 'data') {
  const { dataSpaSite } = await tsImport('../../../test/fixtures/site-audit-data-spa-site.ts', import.meta.url);
  site = dataSpaSite({ posts: Math.floor(pages / 4), items: pages - Math.floor(pages / 4) });
} else {
  const { spaSite } = await tsImport('../../../test/fixtures/site-audit-spa-site.ts', import.meta.url);
  site = spaSite({ products: pages });
}
const served = await serveFixture(site);
console.log(`listening ${served.hostPort.split(':')[1]}`);
process.on('SIGTERM', () => void served.close().then(() => process.exit(0)));
