import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { checkpointWorkerSource, nativeBinding } from '../assets.js';
import type { CheckpointWorkerData } from './checkpoint-worker.js';

/**
 * WAL checkpoints on a worker thread, because SQLite's automatic checkpoint fsyncs on the event loop of the
 * committing connection (cost in BENCHMARKS.md, perf2). A PASSIVE checkpoint cannot finish while writes keep coming
 * and the WAL only restarts after one that finished, so the main connection keeps a larger automatic checkpoint
 * (`backstopBytes` of WAL, in the file's pages) to bound the WAL; it falls back to SQLite's default if the worker fails.
 */
interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(
  sqlite: Database.Database,
  file: string,
  log: { debug(obj: object, msg: string): void; error(obj: object, msg: string): void },
  {
    intervalMs = 200,
    backstopBytes = 64 * 2 ** 20,
    onCheckpoint,
  }: {
    intervalMs?: number;
    backstopBytes?: number;
    onCheckpoint?: (walFrames: number, checkpointed: number) => void;
  } = {},
): Checkpointer {
  const autocheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  const workerData: CheckpointWorkerData = { file, intervalMs, nativeBinding };
  // The single-file build has no other file to run, so it carries the worker as source text.
  const source =
    checkpointWorkerSource ??
    `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); ` +
      `return import(${JSON.stringify(new URL('./checkpoint-worker.ts', import.meta.url).href)}); })`;
  // The worker only runs a pragma now and then.

  const worker = new Worker(source, {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.on('message', (m: { log: number; checkpointed: number }) => {
    log.debug({ walFrames: m.log, checkpointed: m.checkpointed }, 'WAL checkpoint');
    onCheckpoint?.(m.log, m.checkpointed);
  });
  const pageBytes = sqlite.pragma('page_size', { simple: true }) as number;
  sqlite.pragma(`wal_autocheckpoint = ${Math.ceil(backstopBytes / pageBytes)}`);
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
