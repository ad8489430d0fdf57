// The bench's fixture website: PAGES HTML pages on 127.0.0.1 with LATENCY_MS of delay each.
// Run as a child process so its memory is not counted as the server's. Prints "listening <port>".
// GET /__bench/fetches answers how many requests it has served (and of how many paths): no page links it.
import { createServer } from 'node:http';
import { benchHome, benchPage } from './site-pages.mjs';

const PAGES = Number(process.env.PAGES ?? 2000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
let fetches = 0;
const paths = new Set();
const server = createServer((req, res) => {
  if (req.url === '/__bench/fetches') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ fetches, paths: paths.size }));
    return;
  }
  fetches += 1;
  paths.add(req.url);
  setTimeout(() => {
    const match = /^\/page\/(\d+)$/.exec(req.url ?? '');
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(benchHome(PAGES));
    } else if (match && Number(match[1]) < PAGES) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'last-modified': new Date(Date.UTC(2025, 0, 1)).toUTCString(),
      });
      res.end(benchPage(Number(match[1]), PAGES));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  }, LATENCY_MS);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
