import './lib/thread-heaps.ts';
import { databaseFile, DatabaseUrlError, describeDatabase, openDatabase, type Db } from '#db/index.ts';
import { createApp, healthOnlyApp } from './app.ts';
import { jobsDescription, openJobSystem, runsJobs } from './job-system.ts';
import { ConfigError, configWarnings, loadConfig, type Config } from './config/index.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger } from './lib/logger.ts';
import { strictTransportSecurity } from './http/security.ts';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 8_000;
/** Closing the job system and the database gets this much longer; past it the process exits 1. */
const SHUTDOWN_DEADLINE_MS = SHUTDOWN_GRACE_MS + 4_000;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // An operator fixing the environment wants one plain line per problem, not a stack or a JSON log line.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.problems.join('\n')}\n`);
  process.exit(1);
}
const log = createLogger(config.logLevel, { buffered: true });
for (const warning of configWarnings(config)) log.warn(warning);
// An exception nobody caught leaves the process in a state nobody planned for: exit at once, and
// let Docker, systemd or the operator start a fresh one. Nothing here waits on the event loop (a
// timer, an asynchronous flush), which may never turn again; exiting writes the buffered log lines
// synchronously (pino's exit hook), the fatal one included.
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception');
  process.exit(1);
});
const databaseTarget = config.databaseUrl ?? databaseFile(config.dataDir);
let db: Db;
try {
  db = await openDatabase(databaseTarget);
} catch (error) {
  // A database that cannot be used stops the boot with one plain line naming it (never its password).
  if (!(error instanceof DatabaseUrlError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const jobs = await openJobSystem({ config, db, log, databaseTarget });
log.info(
  { database: describeDatabase(databaseTarget), queue: jobsDescription(db), role: config.role },
  `database: ${describeDatabase(databaseTarget)}; jobs: ${jobsDescription(db)}; role: ${config.role}`,
);
const app = createApp({ config, db, log, jobs });
// Start-up work that writes (seed data, the media key) runs before the first request.
await app.locals.prepare();
const hsts = strictTransportSecurity({ https: config.siteUrl.startsWith('https:') });
// A worker serves only its health checks (the Dockerfile's HEALTHCHECK, a compose health check).
const server = createHttpServer(config.role === 'worker' ? healthOnlyApp(db, log) : app, {
  headers: hsts ? [`Strict-Transport-Security: ${hsts}`] : [],
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    { port, host: config.host, siteUrl: config.siteUrl, dataDir: config.dataDir },
    `listening on http://localhost:${port}`,
  );
  log.info(
    { profile: config.siteProfile.source, sample: config.siteProfile.sample },
    `business profile: ${config.siteProfile.business.name}`,
  );
  const { webhook, email } = config.leadDelivery;
  if (!webhook && !email) {
    log.warn(
      'leads are not delivered anywhere but the inbox: contact messages and article submissions are stored only; set NOTIFY_WEBHOOK_URL and/or SMTP_URL with NOTIFY_EMAIL_TO to receive them',
    );
  } else {
    log.info(
      { webhook: webhook ? new URL(webhook.url).origin : null, email: email ? email.to : null },
      'leads are delivered by webhook and/or email',
    );
  }
  // Jobs, periodic work included (message delivery, schedules), run where ROLE says: `all` (the default) and `worker`.
  if (runsJobs(config)) {
    app.locals.startBackgroundWork();
    void jobs.work().catch((error: unknown) => log.error({ err: error }, 'the job system could not start'));
  }
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
  // A database that stopped answering can hold the job system's close or the pool's end forever.
  const deadline = setTimeout(() => {
    log.error('could not stop in time (the database or a job did not let go): exiting anyway');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  // Keep-alive sockets become idle once their request finishes; close them as soon as they do.
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  reaper.unref();
  // Long jobs (crawls) are aborted so their requests can answer before the grace period ends.
  const stopped = Promise.allSettled([app.locals.shutdown(), jobs.close()]);
  server.close(() => {
    clearInterval(reaper);
    void stopped
      .then(() => db.destroy())
      .finally(() => {
        log.info('stopped');
        log.flush(() => process.exit(0));
      });
  });
  server.closeIdleConnections();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
