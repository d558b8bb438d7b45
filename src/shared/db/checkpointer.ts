import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { checkpointWorkerSource, nativeBinding } from '../assets.js';
import type { CheckpointWorkerData } from './checkpoint-worker.js';

/**
 * WAL checkpoints on a worker thread of their own.
 *
 * SQLite's automatic checkpoint runs in the connection that commits, here on the event loop: it
 * copies the WAL back into the database file and fsyncs both (11–16 ms on the benchmark
 * machine), every 1,000 pages of WAL (about 140 orders), and no request is answered meanwhile.
 *
 * With the checkpointer, a second connection on a worker thread (checkpoint-worker.ts) runs a
 * PASSIVE checkpoint every `intervalMs`: it never blocks the writer or the readers, and does the
 * copying and the fsyncs off the event loop. A PASSIVE checkpoint cannot finish while writes keep
 * coming, though, and the WAL only starts over from its beginning after a checkpoint that
 * finished; so the server's connection keeps an automatic checkpoint as a backstop, at
 * `backstopPages` of WAL (64 MB of 4 KiB pages) instead of 1,000: it finds most frames already
 * copied, finishes the rest, and bounds the WAL. Under a steady stream of writes that is one
 * blocking checkpoint per ~2,000 orders instead of one per ~140; when writes pause the worker
 * catches up and the next write starts the WAL over.
 *
 * If the worker fails, the server's connection goes back to SQLite's automatic checkpoint.
 */
export interface Checkpointer {
  /** Stops the worker after its checkpoint in progress, if any, and closes its connection. */
  stop(): Promise<void>;
}

/** Starts the worker for the database `file`, which `sqlite` (this thread's connection) has open. */
export function startCheckpointer(
  sqlite: Database.Database,
  file: string,
  log: { debug(obj: object, msg: string): void; error(obj: object, msg: string): void },
  {
    intervalMs = 200,
    backstopPages = 16_384,
    onCheckpoint,
  }: {
    intervalMs?: number;
    backstopPages?: number;
    onCheckpoint?: (walFrames: number, checkpointed: number) => void;
  } = {},
): Checkpointer {
  const autocheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  const workerData: CheckpointWorkerData = { file, intervalMs, nativeBinding };
  // The single-file build carries the worker as source text (there is no other file to run);
  // from the checkout it is the TypeScript file, loaded through tsx as the server itself is.
  const source =
    checkpointWorkerSource ??
    `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./checkpoint-worker.ts', import.meta.url).href)}); })`;
  // Small heap limits: the worker only runs a pragma now and then.
  const worker = new Worker(source, {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.on('message', (m: { log: number; checkpointed: number }) => {
    log.debug({ walFrames: m.log, checkpointed: m.checkpointed }, 'WAL checkpoint');
    onCheckpoint?.(m.log, m.checkpointed);
  });
  sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
  let stopped = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = (err: unknown) => {
    if (stopped) return;
    stopped = true;
    sqlite.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
    log.error({ err }, 'WAL checkpoint worker failed; checkpointing on the main thread again');
  };
  worker.once('error', fallBack);
  worker.once('exit', (code) => fallBack(new Error(`The WAL checkpoint worker exited with code ${code}.`)));
  return {
    async stop() {
      if (!stopped) {
        stopped = true;
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}
