import { createServer } from 'node:http';
import { databaseFile, openDatabase } from '#db/index.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 8_000;

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
const log = createLogger(config.logLevel, { buffered: true });
// Buffered lines still in memory must not be lost when something goes badly wrong.
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception');
  setTimeout(() => process.exit(1), 500).unref();
  log.flush(() => process.exit(1));
});
const db = openDatabase(databaseFile(config.dataDir));
const app = createApp({ config, db, log });
const server = createServer(app);
server.keepAliveTimeout = 5_000;

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, host: config.host, siteUrl: config.siteUrl, dataDir: config.dataDir }, `listening on http://localhost:${port}`);
  log.flush();
  // A quiet server still shows its recent requests within a second.
  setInterval(() => log.flush(), 1000).unref();
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const force = setTimeout(() => {
    log.warn('grace period over, closing remaining connections');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Keep-alive sockets become idle once their request finishes; close them as soon as they do.
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  reaper.unref();
  server.close(() => {
    clearInterval(reaper);
    db.close();
    log.info('stopped');
    log.flush(() => process.exit(0));
  });
  server.closeIdleConnections();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
