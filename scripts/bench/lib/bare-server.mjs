// A bare node:http server in its own process (so it does not share a core's event loop with the
// load generator): answers every request with the body and headers given in a JSON file.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(spec.body, 'base64');
const server = createServer((_req, res) => {
  res.writeHead(200, spec.headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
