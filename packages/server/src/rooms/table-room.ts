/**
 * The Colyseus room of one table: a thin adapter (architecture.md). It authenticates the join
 * (`token` option), parses every message with the protocol's `parseClientMessage`, hands it to the
 * table's `TableRunner`, answers every refusal with `error {code, message, requestId}` and a Hint
 * with `hint` (`HintReply`, to the asking client only), and after
 * every change sends each client its own `view` (`viewFor` of its player), sends `notice`
 * `{code, params, message}` to the players a timer, a disconnection or recovery affected, and updates
 * the public room state (schema/). No game logic and no Colyseus type leave this folder.
 */
import { Room, ServerError, type Client } from '@colyseus/core';
import { parseClientMessage, requestIdOf, type ErrorMessage, type HintReply, type Notice, type RuleError, type TableView } from '@paigow/engine';
import { authenticate } from '../auth/index.js';
import type { Player, Players } from '../players/index.js';
import { createPublicState, updatePublicState, type TablePublicState } from '../schema/table-schema.js';
import type { TableChange, TableRunner } from '../table/runner.js';

/** What the room needs (passed as the room type's default options). */
export interface TableRoomServices {
  readonly players: Players;
  readonly runners: ReadonlyMap<string, TableRunner>;
}

/** `onCreate` options: the table id (also the room id) and the services. */
export interface TableRoomOptions {
  readonly tableId: string;
  readonly services: TableRoomServices;
}

interface UserData {
  playerId: string;
}

/** Colyseus close code / matchmaking error code for a refused sign-in. */
export const AUTH_FAILED_CODE = 4401;

/** One table's room; its room id is the table id (`client.joinById('table-1', { token })`). */
export class TableRoom extends Room<TablePublicState, unknown, UserData, Player> {
  override autoDispose = false;
  override maxClients = 200;
  private runner!: TableRunner;
  private players!: Players;
  private unsubscribe: (() => void) | null = null;
  private readonly clientsOf = new Map<string, Set<Client<UserData, Player>>>();

  override onCreate(options: TableRoomOptions): void {
    const runner = options.services.runners.get(options.tableId);
    if (runner === undefined) throw new Error(`no table ${options.tableId}`);
    this.roomId = options.tableId;
    this.runner = runner;
    this.players = options.services.players;
    this.state = createPublicState();
    updatePublicState(this.state, runner.view(null));
    void this.setMetadata({ tableId: options.tableId, name: runner.config.name });
    this.unsubscribe = runner.subscribe((change) => this.publish(change));
    this.onMessage('*', (client, type, payload) => void this.receive(client, type, payload));
  }

  override async onAuth(_client: Client<UserData, Player>, options: unknown): Promise<Player> {
    const token = typeof options === 'object' && options !== null ? (options as { token?: unknown }).token : undefined;
    const player = await authenticate(this.players, token);
    if (!player.ok) throw new ServerError(AUTH_FAILED_CODE, `${player.error.code}: ${player.error.message}`);
    return player.value;
  }

  override async onJoin(client: Client<UserData, Player>, _options: unknown, player: Player): Promise<void> {
    client.userData = { playerId: player.id };
    let clients = this.clientsOf.get(player.id);
    if (clients === undefined) {
      clients = new Set();
      this.clientsOf.set(player.id, clients);
    }
    clients.add(client);
    const joined = await this.runner.join(player);
    if (!joined.ok) this.sendError(client, joined.error, null);
    // The join's change announcement sends every client its view, this one included.
  }

  override async onLeave(client: Client<UserData, Player>): Promise<void> {
    const playerId = client.userData?.playerId;
    if (playerId === undefined) return;
    const clients = this.clientsOf.get(playerId);
    clients?.delete(client);
    if (clients !== undefined && clients.size === 0) {
      this.clientsOf.delete(playerId);
      await this.runner.leave(playerId);
    }
  }

  override onDispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private async receive(client: Client<UserData, Player>, type: string | number, payload: unknown): Promise<void> {
    const playerId = client.userData?.playerId;
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok || playerId === undefined) {
      const error: RuleError = parsed.ok ? { code: 'auth/invalid-session', message: 'not signed in' } : parsed.error;
      this.sendError(client, error, requestIdOf(payload));
      return;
    }
    const message = parsed.value;
    if (message.type === 'hint') {
      // A hint goes to the asking client only, as a `hint` message; a late one is dropped (null).
      const hint = await this.runner.hint(playerId, message.requestId);
      if (!hint.ok) this.sendError(client, hint.error, message.requestId);
      else if (hint.value !== null) client.send('hint', hint.value satisfies HintReply);
      return;
    }
    const handled = await this.runner.handle(playerId, message);
    if (!handled.ok) this.sendError(client, handled.error, message.requestId);
  }

  private sendError(client: Client, error: RuleError, requestId: string | null): void {
    const message: ErrorMessage = { code: error.code, message: error.message, requestId };
    client.send('error', message);
  }

  /** Sends every client its own view, and updates the public state. */
  private publish(change: TableChange): void {
    updatePublicState(this.state, this.runner.view(null));
    for (const [playerId, clients] of this.clientsOf) {
      const view: TableView = { ...this.runner.view(playerId), ack: change.ack?.playerId === playerId ? change.ack.requestId : null };
      for (const client of clients) client.send('view', view);
    }
    for (const { playerId, notice } of change.notices) {
      for (const client of this.clientsOf.get(playerId) ?? []) client.send('notice', notice satisfies Notice);
    }
  }
}
