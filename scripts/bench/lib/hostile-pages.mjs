// The seo-audit bench's hostile website (scripts/bench/seo-audit.mjs), in its own process so serving it
// does not delay the bench's /healthz probe: /endless streams dense HTML as fast as it is read, for ever;
// /bomb is about 50 MB of the same HTML gzipped into a few MB; /img/N.png are small images. Prints
// "listening <port>".
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

// Dense markup: every few bytes a tag for the parser, distinct links and images for the checks.
const unit = (index) =>
  `<div class="c"><a href="/p/${index}">link ${index}</a><img src="/img/${index % 40}.png"></div>\n`;
const CHUNK = Buffer.from(Array.from({ length: 800 }, (_, index) => unit(index)).join(''));
const HEAD = '<!doctype html><html lang="en"><head><title>Hostile page</title></head><body>';
const BOMB = gzipSync(
  Buffer.concat([Buffer.from(HEAD), ...Array.from({ length: Math.ceil(50e6 / CHUNK.length) }, () => CHUNK)]),
  { level: 9 },
);

const server = createServer((req, res) => {
  if (req.url === '/endless') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(HEAD);
    // Written as fast as it is read, until the audit hangs up.
    const pump = () => {
      while (!res.destroyed && res.write(CHUNK));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    return pump();
  }
  if (req.url === '/bomb') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
    return void res.end(BOMB);
  }
  if (req.url?.startsWith('/img/'))
    return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': '2048' }).end(Buffer.alloc(2048));
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port} bomb ${BOMB.length}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
