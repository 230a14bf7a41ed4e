/**
 * The Colyseus side of the server: a `@colyseus/core` Server on a `WebSocketTransport` attached to
 * the HTTP server (so HTTP, the matchmaking routes and WebSockets share one port), the `table`
 * room type, and one room per table whose room id is the table id. With a Redis URL the
 * matchmaker uses `RedisPresence` + `RedisDriver` (docs/server.md "Scaling out").
 */
import type { Server as HttpServer } from 'node:http';
import { Server as ColyseusServer, matchMaker, type Presence } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { TableRoom, type TableRoomOptions, type TableRoomServices } from './table-room.js';

/** The running game server, without any Colyseus type in its interface. */
export interface GameServer {
  /**
   * Starts matchmaking on the HTTP server, which already listens on `port` (the server binds its port
   * before anything else: docs/server.md "Start-up"), and creates the tables' rooms.
   */
  open(port: number): Promise<void>;
  /** Disconnects every client, disposes the rooms and closes the transport (and the HTTP server). */
  close(): Promise<void>;
}

/**
 * The WebSocket transport on an HTTP server that already listens: Colyseus' `listen` would bind the
 * port again, so here it only starts what binding would have started (the pings that end dead
 * connections: rules.md §5 "Interruptions").
 */
class AttachedWebSocketTransport extends WebSocketTransport {
  override listen(_port: number, _hostname?: string, _backlog?: number, listeningListener?: () => void): this {
    if (this.pingIntervalMS > 0 && this.pingMaxRetries > 0) this.autoTerminateUnresponsiveClients(this.pingIntervalMS, this.pingMaxRetries);
    listeningListener?.();
    return this;
  }
}

async function redisParts(redisUrl: string): Promise<{ presence: Presence; driver: matchMaker.MatchMakerDriver }> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([import('@colyseus/redis-presence'), import('@colyseus/redis-driver')]);
  return { presence: new RedisPresence(redisUrl), driver: new RedisDriver(redisUrl) };
}

/**
 * Builds the game server on `httpServer` (listening already, or soon: nothing is served before `open`).
 * @param services the players and the tables' runners (one room per runner)
 * @param redisUrl optional Redis for presence and the matchmaker's driver
 */
export async function createGameServer(httpServer: HttpServer, services: TableRoomServices, redisUrl?: string): Promise<GameServer> {
  const redis = redisUrl ? await redisParts(redisUrl) : undefined;
  const gameServer = new ColyseusServer({
    transport: new AttachedWebSocketTransport({ server: httpServer, pingInterval: 5_000, pingMaxRetries: 3 }),
    presence: redis?.presence,
    driver: redis?.driver,
    gracefullyShutdown: false,
    greet: false,
  });
  // The services are in-process objects: Colyseus merges the room type's default options into onCreate's.
  gameServer.define('table', TableRoom, { services } as unknown as TableRoomOptions).filterBy(['tableId']);
  return {
    async open(port) {
      await gameServer.listen(port);
      // Binding would have registered this process for discovery (scale-out with Redis).
      await gameServer.registerProcessForDiscovery();
      for (const tableId of services.runners.keys()) {
        const existing = await matchMaker.query({ roomId: tableId });
        if (existing.length === 0) await matchMaker.createRoom('table', { tableId });
      }
    },
    close: () => gameServer.gracefullyShutdown(false),
  };
}
