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
  /** Listens on `port` (0: a free one) and creates the tables' rooms. */
  listen(port: number, host?: string): Promise<void>;
  /** Disconnects every client, disposes the rooms and closes the transport (and the HTTP server). */
  close(): Promise<void>;
}

async function redisParts(redisUrl: string): Promise<{ presence: Presence; driver: matchMaker.MatchMakerDriver }> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([import('@colyseus/redis-presence'), import('@colyseus/redis-driver')]);
  return { presence: new RedisPresence(redisUrl), driver: new RedisDriver(redisUrl) };
}

/**
 * Builds the game server on `httpServer`.
 * @param services the players and the tables' runners (one room per runner)
 * @param redisUrl optional Redis for presence and the matchmaker's driver
 */
export async function createGameServer(httpServer: HttpServer, services: TableRoomServices, redisUrl?: string): Promise<GameServer> {
  const redis = redisUrl ? await redisParts(redisUrl) : undefined;
  const gameServer = new ColyseusServer({
    transport: new WebSocketTransport({ server: httpServer, pingInterval: 5_000, pingMaxRetries: 3 }),
    presence: redis?.presence,
    driver: redis?.driver,
    gracefullyShutdown: false,
    greet: false,
  });
  // The services are in-process objects: Colyseus merges the room type's default options into onCreate's.
  gameServer.define('table', TableRoom, { services } as unknown as TableRoomOptions).filterBy(['tableId']);
  return {
    async listen(port, host) {
      await gameServer.listen(port, host);
      for (const tableId of services.runners.keys()) {
        const existing = await matchMaker.query({ roomId: tableId });
        if (existing.length === 0) await matchMaker.createRoom('table', { tableId });
      }
    },
    close: () => gameServer.gracefullyShutdown(false),
  };
}
