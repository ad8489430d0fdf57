// The monitoring bench's fixture: SITES websites of PAGES pages each (LATENCY_MS per answer) on
// their own loopback ports, in one child process. A control port lets the bench publish each site's
// ownership file (POST /file {port, path, content}) and break every site at once (POST /break):
// then /page/3 answers 500 and /page/4 links to two missing pages, so the next audit finds new errors.
// Prints "sites <port>,<port>,..." and "control <port>".
import { createServer } from 'node:http';
import { benchHome, benchPage } from './site-pages.mjs';

const SITES = Number(process.env.SITES ?? 100);
const PAGES = Number(process.env.PAGES ?? 500);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
/** Per port: path → body of the files a bench published. */
const files = new Map();
let broken = false;

function answer(port, url, res) {
  const match = /^\/page\/(\d+)$/.exec(url);
  const file = files.get(port)?.get(url);
  if (file !== undefined) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(file);
  } else if (url === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(benchHome(PAGES));
  } else if (broken && url === '/page/3') {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('server error');
  } else if (match && Number(match[1]) < PAGES) {
    const i = Number(match[1]);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(benchPage(i, PAGES, broken && i === 4 ? ['/gone-a', '/gone-b'] : []));
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
}

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

const servers = [];
const ports = [];
for (let i = 0; i < SITES; i += 1) {
  const server = createServer((req, res) => {
    const port = req.socket.localPort;
    setTimeout(() => answer(port, req.url ?? '/', res), LATENCY_MS);
  });
  servers.push(server);
  ports.push(await listen(server));
}

const control = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (req.url === '/file') {
      const { port, path, content } = JSON.parse(body);
      if (!files.has(port)) files.set(port, new Map());
      files.get(port).set(path, content);
    } else if (req.url === '/break') {
      broken = true;
    }
    res.writeHead(204);
    res.end();
  });
});
servers.push(control);
console.log(`sites ${ports.join(',')}`);
console.log(`control ${await listen(control)}`);
process.on('SIGTERM', () => {
  for (const server of servers) server.close();
  process.exit(0);
});
