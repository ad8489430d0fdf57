import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import type { ResolvedTarget } from './target.ts';

/** The bounds of a guarded fetcher's kept-alive connections (SafeFetcherOptions.keepAlive; decision 0072). */
export interface KeepAliveOptions {
  /** Idle sockets kept per key; one more that comes free is closed. */
  maxIdlePerKey?: number;
  /** An idle socket is closed after this many milliseconds: below Node's server default (5 s) and Apache's. */
  idleTimeoutMs?: number;
  /** Keys (agents) kept; past it the least recently used one is retired and its idle sockets closed. */
  maxKeys?: number;
}

export const KEEP_ALIVE_DEFAULTS = { maxIdlePerKey: 16, idleTimeoutMs: 4000, maxKeys: 64 } as const;

/**
 * Kept-alive connections, one agent per key: the protocol, the address the host was checked to resolve
 * to (and its family), the port, the host name (the TLS certificate was verified for it, and it is the
 * SNI) and the trusted CA. A request gets the agent of the address its host resolved to on this very hop,
 * so a host name that now resolves elsewhere never gets a socket to the old address, and one host name
 * never gets a socket opened for another.
 */
export interface ConnectionPool {
  /** The agent for this checked target (made and counted as the most recently used). */
  agentFor(target: ResolvedTarget): http.Agent;
  /** Keys held now. */
  readonly size: number;
  /** Destroys every agent and its sockets; later requests are sent without one (agent: false). */
  close(): void;
  readonly closed: boolean;
}

type Settings = Required<KeepAliveOptions>;

/** An agent whose sockets stop being kept once it is retired (evicted or closed); in-flight ones finish first. */
function poolAgent(isHttps: boolean, settings: Settings): { agent: http.Agent; retire(): void } {
  const options: http.AgentOptions = {
    keepAlive: true,
    maxFreeSockets: settings.maxIdlePerKey,
    // Node's agent closes a free socket on this timeout (earlier when the server's Keep-Alive header says
    // so), and unrefs free sockets: an idle one never keeps a job thread alive.
    timeout: settings.idleTimeoutMs,
    scheduling: 'lifo',
  };
  const agent = isHttps ? new https.Agent(options) : new http.Agent(options);
  let retired = false;
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => boolean;
  // Typed as void by @types/node; Node's agent reads its answer (false: the socket is destroyed).
  (agent as unknown as { keepSocketAlive(socket: Duplex): boolean }).keepSocketAlive = (socket) =>
    !retired && keep(socket);
  return {
    agent,
    retire() {
      retired = true;
      for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
    },
  };
}

export function createConnectionPool(options: KeepAliveOptions, ca: string | Buffer | undefined): ConnectionPool {
  const settings: Settings = { ...KEEP_ALIVE_DEFAULTS, ...options };
  const caKey = ca === undefined ? 'system' : createHash('sha256').update(ca).digest('hex');
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const agents = new Map<string, ReturnType<typeof poolAgent>>();
  let closed = false;
  return {
    agentFor(target) {
      const { url, address, family } = target;
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      const key = [url.protocol, address, family, port, url.hostname.toLowerCase(), caKey].join('|');
      let entry = agents.get(key);
      if (entry) agents.delete(key);
      else entry = poolAgent(url.protocol === 'https:', settings);
      agents.set(key, entry);
      while (agents.size > settings.maxKeys) {
        const [oldest, evicted] = agents.entries().next().value as [string, ReturnType<typeof poolAgent>];
        agents.delete(oldest);
        evicted.retire();
      }
      return entry.agent;
    },
    get size() {
      return agents.size;
    },
    close() {
      closed = true;
      for (const entry of agents.values()) {
        entry.retire();
        entry.agent.destroy();
      }
      agents.clear();
    },
    get closed() {
      return closed;
    },
  };
}
