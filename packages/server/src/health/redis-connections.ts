/**
 * Whether this process's Redis clients are connected, for `/readyz` (docs/operations.md "Health"). A read sent while a
 * client is not connected waits in ioredis' offline queue for its reconnections, so a Redis that refused connections
 * (ECONNREFUSED: nothing listens on its port) made the check fail only at its bound, `no answer within 2000 ms`, like
 * one whose packets are dropped (an operator's finding). A client not connected fails the check at once, its reason
 * the client's last connection error (`connect ECONNREFUSED 127.0.0.1:6379`).
 */

/** An ioredis client as far as its connection goes. */
export interface RedisConnectionSource {
  /** ioredis' connection state (`ready` while connected; `connecting`, `reconnecting`, `end`, …). */
  readonly status: string;
  on(event: 'error' | 'ready', listener: (error?: unknown) => void): unknown;
}

/** The clients of one process, and the last connection error of each since it was last connected. */
export class RedisConnections {
  private readonly lastError = new Map<RedisConnectionSource, string>();

  /** Watches `clients` from now on (their `error` and `ready` events). */
  constructor(private readonly clients: readonly RedisConnectionSource[]) {
    for (const client of clients) {
      client.on('error', (error) => this.lastError.set(client, firstLine(error)));
      client.on('ready', () => this.lastError.delete(client));
    }
  }

  /**
   * Why a client is not connected now: its last connection error (`connect ECONNREFUSED 127.0.0.1:6379`), else its
   * state (`Redis is not connected (reconnecting)`); `null` while every client is connected.
   */
  notConnected(): string | null {
    for (const client of this.clients) {
      if (client.status !== 'ready') return this.lastError.get(client) ?? `Redis is not connected (${client.status})`;
    }
    return null;
  }
}

/**
 * The two ioredis clients of a Colyseus `RedisPresence` (its `pub` and `sub`, protected members there), or none when
 * `presence` has none (not a Redis presence).
 */
export function presenceClients(presence: object): RedisConnectionSource[] {
  const { pub, sub } = presence as { pub?: unknown; sub?: unknown };
  return [pub, sub].filter((client): client is RedisConnectionSource => typeof (client as RedisConnectionSource | undefined)?.status === 'string');
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
