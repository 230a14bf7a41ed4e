/**
 * The Colyseus side of the server: a `@colyseus/core` Server on a `WebSocketTransport` attached to
 * the HTTP server (so HTTP, the matchmaking routes and WebSockets share one port), the `table`
 * room type, and one room per table whose room id is the table id. With a Redis URL the
 * matchmaker uses `RedisPresence` + `RedisDriver` (docs/server.md "Scaling out"). Matchmaking is
 * `matchmakingRoutes` (join by id only), not Colyseus' own routes; WebSocket upgrades are taken from
 * allowed origins only (docs/server.md "Headers and origins").
 */
import type { Server as HttpServer } from 'node:http';
import { Server as ColyseusServer, matchMaker, type Presence } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { RequestHandler } from 'express';
import { isAllowedOrigin } from '../http/security.js';
import { colyseusLogger, rootLogger, type Logger } from '../log/index.js';
import { matchmakingRoutes, TABLE_ROOM } from './matchmaking.js';
import { tableRoomType, type TableRoomOptions, type TableRoomServices } from './table-room.js';

/** What the game server needs besides the rooms' services. */
export interface GameServerServices extends TableRoomServices {
  /** Origins besides the page's own whose WebSocket upgrades are taken (`isAllowedOrigin`). */
  readonly allowedOrigins: readonly string[];
}

/**
 * The largest WebSocket frame read at all: a larger one closes the connection (1009) unread. Frames up to
 * it but over `limits.maxMessageBytes` are read, refused with a typed `error`, then closed (table-room.ts).
 */
export const WS_MAX_PAYLOAD_BYTES = 1024 * 1024;

/** The running game server, without any Colyseus type in its interface. */
export interface GameServer {
  /**
   * Starts matchmaking on the HTTP server, which already listens on `port` (the server binds its port
   * before anything else: docs/server.md "Start-up"), and creates the tables' rooms.
   */
  open(port: number): Promise<void>;
  /** Disconnects every client, disposes the rooms and closes the transport (and the HTTP server). */
  close(): Promise<void>;
  /** Closes every table connection of `playerId` (its session was signed out), telling it why. */
  disconnectPlayer(playerId: string): Promise<void>;
  /** The `/matchmake` routes (`matchmakingRoutes`), for the HTTP app. */
  readonly matchmaking: RequestHandler;
  /** Asks Redis a trivial question (`/readyz`); `null` without Redis. Rejects while Redis does not answer (it waits: bound it). */
  readonly pingRedis: (() => Promise<void>) | null;
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

/** Colyseus' server without its own matchmaking routes: the HTTP app serves `/matchmake` (`matchmakingRoutes`). */
class TableServer extends ColyseusServer {
  protected override attachMatchMakingRoutes(): void {}
}

async function redisParts(redisUrl: string): Promise<{ presence: Presence; driver: matchMaker.MatchMakerDriver }> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([import('@colyseus/redis-presence'), import('@colyseus/redis-driver')]);
  return { presence: new RedisPresence(redisUrl), driver: new RedisDriver(redisUrl) };
}

/**
 * Builds the game server on `httpServer` (listening already, or soon: nothing is served before `open`).
 * @param services the players and the tables' runners (one room per runner)
 * @param redisUrl optional Redis for presence and the matchmaker's driver
 * @param logger where Colyseus' own reports go, one JSON line each (`colyseusLogger`; default `rootLogger()`)
 */
export async function createGameServer(httpServer: HttpServer, services: GameServerServices, redisUrl?: string, logger: Logger = rootLogger()): Promise<GameServer> {
  const redis = redisUrl ? await redisParts(redisUrl) : undefined;
  const gameServer = new TableServer({
    transport: new AttachedWebSocketTransport({
      server: httpServer,
      pingInterval: 5_000,
      pingMaxRetries: 3,
      maxPayload: WS_MAX_PAYLOAD_BYTES,
      verifyClient: (info, accept) => {
        if (isAllowedOrigin(info.origin || undefined, info.req.headers.host, services.allowedOrigins)) accept(true);
        else accept(false, 403, 'origin not allowed');
      },
    }),
    presence: redis?.presence,
    driver: redis?.driver,
    gracefullyShutdown: false,
    greet: false,
    logger: colyseusLogger(logger),
  });
  // The services are in-process objects: Colyseus merges the room type's default options into onCreate's.
  const roomType = tableRoomType(services);
  gameServer.define(TABLE_ROOM, roomType, { services } as unknown as TableRoomOptions).filterBy(['tableId']);
  return {
    async open(port) {
      await gameServer.listen(port);
      // Binding would have registered this process for discovery (scale-out with Redis).
      await gameServer.registerProcessForDiscovery();
      for (const tableId of services.runners.keys()) {
        const existing = await matchMaker.query({ roomId: tableId });
        if (existing.length === 0) await matchMaker.createRoom(TABLE_ROOM, { tableId });
      }
    },
    close: () => gameServer.gracefullyShutdown(false),
    matchmaking: matchmakingRoutes(roomType, services.limits.maxBodyBytes),
    async disconnectPlayer(playerId) {
      await Promise.all([...services.runners.keys()].map((tableId) => matchMaker.remoteRoomCall(tableId, 'disconnectPlayer', [playerId]).catch(() => undefined)));
    },
    pingRedis: redis === undefined ? null : () => redis.presence.exists('paigow:readyz').then(() => undefined),
  };
}
