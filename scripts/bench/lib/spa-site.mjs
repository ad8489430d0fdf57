// The single-page application fixture (test/fixtures/site-audit-spa-site.ts) on a loopback port, for the
// site-audit-render bench: prints `listening <port>`. PAGES product pages (default 200).
import { tsImport } from 'tsx/esm/api';

const { spaSite } = await tsImport('../../../test/fixtures/site-audit-spa-site.ts', import.meta.url);
const { serveFixture } = await tsImport('../../../test/fixtures/crawl-site.ts', import.meta.url);
const served = await serveFixture(spaSite({ products: Number(process.env.PAGES ?? 200) }));
console.log(`listening ${served.hostPort.split(':')[1]}`);
process.on('SIGTERM', () => void served.close().then(() => process.exit(0)));
