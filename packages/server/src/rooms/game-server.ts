/**
 * The Colyseus side of the server: a `@colyseus/core` Server on a `WebSocketTransport` attached to
 * the HTTP server (so HTTP, the matchmaking routes and WebSockets share one port), the `table`
 * room type, and one room per table this process hosts, whose room id is the table id (`host`/`unhost`,
 * driven by `TableHosting`: each table has its room on exactly one process). With a Redis URL the
 * matchmaker uses `RedisPresence` + `RedisDriver` under the deployment's prefix (`redis-presence.ts`), and
 * each room's listing carries this process's public address, so a reverse proxy routes its WebSocket to
 * this process (docs/server.md "Scaling out"; docs/operations.md "A cluster"). Matchmaking is
 * `matchmakingRoutes` (join by id only), not Colyseus' own routes; WebSocket upgrades are taken from
 * allowed origins only (docs/server.md "Headers and origins").
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server as ColyseusServer, matchMaker } from '@colyseus/core';
import { WebSocketTransport, type TransportOptions } from '@colyseus/ws-transport';
import type { RequestHandler } from 'express';
import { AnnouncedRounds } from '../fairness/announced-rounds.js';
import { isAllowedOrigin } from '../http/security.js';
import { colyseusLogger, rootLogger, type Logger } from '../log/index.js';
import { matchmakingRoutes, TABLE_ROOM } from './matchmaking.js';
import type { PubSub } from '../table/balance-news.js';
import { prefixedRedis, type PrefixedRedis } from './redis-presence.js';
import { tableRoomType, type TableRoomOptions, type TableRoomServices } from './table-room.js';
import { trustedProxies } from '../http/client-address.js';
import { sendBufferBound, type SendBufferBound } from './send-buffer.js';

/** What the game server needs besides the rooms' services. */
export interface GameServerServices extends TableRoomServices {
  /** Origins besides the page's own whose WebSocket upgrades are taken (`isAllowedOrigin`). */
  readonly allowedOrigins: readonly string[];
  /**
   * Whether a table id is one of the deployment's: this process's tables, or a live peer's (`TableHosting.peerTables`;
   * default: this process's runners). Unlisted, such a table is between two hosts, not unknown (`matchmakingRoutes`).
   */
  readonly deploymentTable?: (tableId: string) => boolean;
}

/** The running game server, without any Colyseus type in its interface. */
export interface GameServer {
  /**
   * Starts matchmaking on the HTTP server, which already listens on `port` (the server binds its port
   * before anything else: docs/server.md "Start-up"). No room exists until `host`.
   */
  open(port: number): Promise<void>;
  /**
   * Creates the room of `tableId` on this process (never on a peer), whatever listing a dead host left.
   * @throws Error when this process has no runner for it or already hosts it
   */
  host(tableId: string): Promise<void>;
  /** Disconnects the clients of `tableId`'s room here and disposes it (they join again, reaching the new host). */
  unhost(tableId: string): Promise<void>;
  /** Whether `tableId` has its room on this process. */
  hosts(tableId: string): boolean;
  /** Writes again the listing of each room hosted here that the driver lost or that names another process. */
  relist(): Promise<void>;
  /**
   * The server stops (its drain, or its close): from now on no Redis command waits longer than
   * `REDIS_STOP_WAIT_MS`, and one that Redis does not answer gives Redis up (`RedisStop`: one `redis-given-up`
   * line, the commands resolve to nothing), so that the drain and `close` end promptly while Redis is away.
   * Nothing without Redis.
   */
  stopping(): void;
  /** Disconnects every client, disposes the rooms and closes the transport (and the HTTP server). */
  close(): Promise<void>;
  /** Closes every table connection of `playerId` (its session was signed out), telling it why. */
  disconnectPlayer(playerId: string): Promise<void>;
  /** The `/matchmake` routes (`matchmakingRoutes`), for the HTTP app. */
  readonly matchmaking: RequestHandler;
  /**
   * Asks Redis a trivial question (`/readyz`); `null` without Redis. Rejects at once while a client is not connected
   * (`RedisReach.notConnected`: its last connection error), else while Redis does not answer (it waits: bound it).
   */
  readonly pingRedis: (() => Promise<void>) | null;
  /** The deployment's pub/sub between processes (the Redis presence, under the prefix); `null` without Redis. */
  readonly pubsub: PubSub | null;
  /**
   * The rounds the deployment's tables announced and have not dealt (`AnnouncedRounds`): this process's rooms announce
   * theirs; with Redis, those of the other processes are read from the presence. `close` withdraws this process's.
   */
  readonly announced: Pick<AnnouncedRounds, 'commitmentOf'>;
}

/**
 * The WebSocket transport on an HTTP server that already listens: Colyseus' `listen` would bind the
 * port again, so here it only starts what binding would have started (the pings that end dead
 * connections: rules.md §5 "Interruptions"). Its sockets are `bound`'s: cut off when too much waits to be sent to
 * them (`rooms/send-buffer.ts`).
 */
class AttachedWebSocketTransport extends WebSocketTransport {
  constructor(options: TransportOptions, bound: SendBufferBound) {
    // @types/ws types the `WebSocket` option as the module's export, its namespace's members included (`createWebSocketStream`,
    // …), which no subclass has; `ws` only constructs it.
    super({ ...options, WebSocket: bound.WebSocket as TransportOptions['WebSocket'] });
    this.wss.on('connection', (socket, req: IncomingMessage) => bound.named(socket, req));
  }

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

/** Where the matchmaker shares rooms between processes. */
export interface GameServerRedis {
  readonly url: string;
  /** Every key and channel starts with it (`defaultRedisPrefix`, or `PAIGOW_REDIS_PREFIX`). */
  readonly prefix: string;
}

/**
 * Builds the game server on `httpServer` (listening already, or soon: nothing is served before `open`).
 * @param services the players and the tables' runners (one room per runner)
 * @param redisUrl optional Redis for presence and the matchmaker's driver
 * @param logger where Colyseus' own reports go, one JSON line each (`colyseusLogger`; default `rootLogger()`)
 * @param publicAddress this process's address behind the reverse proxy, `host[:port]/path` without the
 *   scheme (e.g. `play.example.com/p1`): clients open a room's WebSocket at `<publicAddress>/<processId>/<roomId>`
 */
export async function createGameServer(
  httpServer: HttpServer,
  services: GameServerServices,
  redisOptions?: GameServerRedis,
  logger: Logger = rootLogger(),
  publicAddress?: string,
): Promise<GameServer> {
  const redis: PrefixedRedis | undefined = redisOptions
    ? await prefixedRedis(redisOptions.url, redisOptions.prefix, logger)
    : undefined;
  const trust = trustedProxies(services.limits.trustedProxies);
  const gameServer = new TableServer({
    transport: new AttachedWebSocketTransport(
      {
      server: httpServer,
      pingInterval: 5_000,
      pingMaxRetries: 3,
      // The largest message read at all is the largest a table takes: `ws` closes a larger one with 1009 as soon as a
      // frame's header announces it, fragments of one message counted together. At 1 MiB (a typed error for anything
      // between), 120 connections that each sent 960 KiB of fragments and never the last held ~1 MiB each, for good.
      maxPayload: services.limits.maxMessageBytes,
      verifyClient: (info, accept) => {
        if (isAllowedOrigin(info.origin || undefined, info.req.headers.host, services.allowedOrigins)) accept(true);
        else accept(false, 403, 'origin not allowed');
      },
    },
      sendBufferBound(services.limits.maxBufferedBytes, logger, trust),
    ),
    presence: redis?.presence,
    driver: redis?.driver,
    publicAddress,
    gracefullyShutdown: false,
    greet: false,
    logger: colyseusLogger(logger),
  });
  // The Redis presence itself (its keys prefixed), not Colyseus' LocalPresence on one process: that keeps a timer per
  // key written with an expiry, and a deletion leaves it running.
  const announced = new AnnouncedRounds(redis?.presence ?? null, logger);
  // The services are in-process objects: Colyseus merges the room type's default options into onCreate's.
  const roomServices: TableRoomServices = { ...services, announced };
  const roomType = tableRoomType(roomServices);
  gameServer.define(TABLE_ROOM, roomType, { services: roomServices } as unknown as TableRoomOptions).filterBy(['tableId']);
  return {
    async open(port) {
      await gameServer.listen(port);
      // Binding would have registered this process for discovery (scale-out with Redis).
      await gameServer.registerProcessForDiscovery();
    },
    async host(tableId) {
      // Locally (`matchMaker.createRoom` may pick a peer, which may not have this table: issue 13 point 4).
      await matchMaker.handleCreateRoom(TABLE_ROOM, { tableId });
    },
    async unhost(tableId) {
      // `TableRoom.disconnect` also drops the seats reserved and not used, and closes clients that join meanwhile.
      await matchMaker.getLocalRoomById(tableId)?.disconnect();
    },
    hosts: (tableId) => matchMaker.getLocalRoomById(tableId) !== undefined,
    async relist() {
      for (const tableId of services.runners.keys()) {
        const room = matchMaker.getLocalRoomById(tableId);
        if (room === undefined) continue;
        const listed = await matchMaker.getRoomById(tableId);
        if (listed?.processId !== matchMaker.processId) await room.listing.save();
      }
    },
    stopping: () => redis?.stop(),
    close: async () => {
      redis?.stop();
      // Before the presence's clients are quit with the rooms.
      await announced.close();
      await gameServer.gracefullyShutdown(false);
    },
    matchmaking: matchmakingRoutes(
      roomType,
      services.limits.maxBodyBytes,
      logger,
      trust,
      services.deploymentTable ?? ((tableId) => services.runners.has(tableId)),
      () => httpServer.listening,
      redis?.reach,
    ),
    async disconnectPlayer(playerId) {
      await Promise.all([...services.runners.keys()].map((tableId) => matchMaker.remoteRoomCall(tableId, 'disconnectPlayer', [playerId]).catch(() => undefined)));
    },
    pingRedis:
      redis === undefined
        ? null
        : async () => {
            const why = redis.reach.notConnected();
            if (why !== null) throw new Error(why);
            await redis.presence.exists('readyz');
          },
    pubsub: redis?.presence ?? null,
    announced,
  };
}
