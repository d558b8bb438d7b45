/** At most `perKey` streamed pages per API key at once, so one key's large answers cannot starve other tenants. */
interface PageGate {
  /** The turn's idempotent release, synchronously when a slot is free so the handler needs no promise. */
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

/** Documents read one per pull, so memory holds about one document however large the page. */
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
