/**
 * The page's side of the trainer's worker (`trainer-worker.ts`): exact analyses of hands, one at a time, each
 * answered by a promise. The worker starts with the first analysis.
 */
import type { Card, HouseWayId, SettingAnalysis } from '@paigow/engine';

type Reply = { id: number; settings: SettingAnalysis[] } | { id: number; error: string };

/** Exact analyses in a Web Worker. */
export class ExactWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(settings: SettingAnalysis[]): void; reject(error: Error): void }>();

  /** The 21 settings of `cards` scored exactly against `houseWay` (5% commission), in `settings(cards)` order. */
  analyze(cards: readonly Card[], houseWay: HouseWayId): Promise<SettingAnalysis[]> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, cards: [...cards], houseWay });
    });
  }

  /** Stops the worker; analyses not answered fail. */
  close(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('closed'));
    this.waiting.clear();
  }

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = new Worker(new URL('./trainer-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const waiter = this.waiting.get(event.data.id);
      if (waiter === undefined) return;
      this.waiting.delete(event.data.id);
      if ('error' in event.data) waiter.reject(new Error(event.data.error));
      else waiter.resolve(event.data.settings);
    };
    this.worker = worker;
    return worker;
  }
}
