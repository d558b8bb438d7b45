/**
 * A page of large documents answered with bounded memory: the documents are read one at a time
 * as the client takes them (a ReadableStream pulled by @hono/node-server, which waits for the
 * socket to drain), so a page of 50 orders of 1 MB holds about one order in memory, not 50. And
 * each API key streams at most `perKey` pages at once; its other list requests wait their turn,
 * so that one key's parallel large answers cannot take the memory and the event loop from the
 * other tenants.
 */
export interface PageGate {
  /**
   * A turn of `key`: the function that ends it (idempotent), at once when one is free (the
   * handler answers without a promise of its own), else a promise of it.
   */
  acquire(key: string): (() => void) | Promise<() => void>;
}

export function createPageGate(perKey = 4): PageGate {
  const keys = new Map<string, { running: number; waiting: Array<() => void> }>();
  return {
    acquire(key) {
      let entry = keys.get(key);
      if (!entry) keys.set(key, (entry = { running: 0, waiting: [] }));
      const e = entry;
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        const next = e.waiting.shift();
        if (next) next();
        else if (--e.running === 0) keys.delete(key);
      };
      if (e.running < perKey) {
        e.running++;
        return release;
      }
      // The slot passes straight to the next waiter: `running` stays as it is.
      return new Promise((resolve) => e.waiting.push(() => resolve(release)));
    },
  };
}

import type { MaybePromise } from '../shared/maybe.js';

const utf8 = new TextEncoder();

/**
 * `head`, then the documents of `rows` joined by commas (a row's own `doc`, else what `read(id)`
 * gives; undefined: skipped), then `tail`, as a byte stream: one document per pull, read when the
 * socket has taken the one before. `release` runs when it ends, fails or is cancelled (the
 * client went away).
 */
export function streamDocuments(
  head: string,
  rows: ReadonlyArray<{ id: string; doc?: string }>,
  read: (id: string) => MaybePromise<string | undefined>,
  tail: string,
  release: () => void,
) {
  let i = 0;
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(utf8.encode(head));
      },
      pull(controller) {
        const fail = (err: unknown) => {
          release();
          controller.error(err);
        };
        const emit = (doc: string) => {
          controller.enqueue(utf8.encode(first ? doc : `,${doc}`));
          first = false;
        };
        // One document per pull: the next is read when the socket has taken this one.
        const next = (): void | Promise<void> => {
          while (i < rows.length) {
            const row = rows[i++]!;
            const doc = row.doc ?? read(row.id);
            if (doc instanceof Promise) return doc.then((d) => (d === undefined ? next() : emit(d)));
            if (doc === undefined) continue;
            return emit(doc);
          }
          controller.enqueue(utf8.encode(tail));
          controller.close();
          release();
        };
        try {
          const pending = next();
          if (pending) return pending.catch(fail);
        } catch (err) {
          fail(err);
        }
      },
      cancel() {
        release();
      },
    },
    { highWaterMark: 1 },
  );
}
