// The bench's fixture website: PAGES HTML pages on 127.0.0.1 with LATENCY_MS of delay each.
// Run as a child process so its memory is not counted as the server's. Prints "listening <port>".
import { createServer } from 'node:http';

const PAGES = Number(process.env.PAGES ?? 2000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
const filler = '<p>Delhi NCR search engine optimisation fixture text for the crawl benchmark.</p>'.repeat(60);

function page(i) {
  // Each page links to its neighbour (so every page is reachable) and to a spread of others,
  // like a real site's nav, related posts and pagination.
  const targets = [i + 1, i * 7 + 3, i * 13 + 11, i * 31 + 17, Math.floor(i / 2), 0, 1, 2].map((n) => n % PAGES);
  const links = targets.map((n) => `<li><a href="/page/${n}">Page ${n}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title>
<link rel="canonical" href="/page/${i}"></head><body><nav><ul><li><a href="/">Home</a></li>${links}</ul></nav>
<main><h1>Page ${i}</h1>${filler}<a href="https://external.example/ref/${i}">reference</a></main></body></html>`;
}

const server = createServer((req, res) => {
  setTimeout(() => {
    const match = /^\/page\/(\d+)$/.exec(req.url ?? '');
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(0).replace('<link rel="canonical" href="/page/0">', ''));
    } else if (match && Number(match[1]) < PAGES) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'last-modified': new Date(Date.UTC(2025, 0, 1)).toUTCString(),
      });
      res.end(page(Number(match[1])));
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
