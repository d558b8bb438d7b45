/**
 * The WAL checkpoint worker (see checkpointer.ts): a second connection to the server's database
 * that runs a PASSIVE checkpoint every `intervalMs` until it is told to stop. Run as a worker
 * thread's entry file here, and embedded as source text in the single-file build; it uses
 * nothing but its workerData and better-sqlite3.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
  nativeBinding?: string;
}

const { file, intervalMs, nativeBinding } = workerData as CheckpointWorkerData;
const db = new Database(file, nativeBinding ? { nativeBinding } : {});
db.pragma('busy_timeout = 5000');
// SQLite's counts are running totals since the WAL last started over: a checkpoint copied
// something new only when they differ from the last ones.
let last = { log: 0, checkpointed: 0 };
const timer = setInterval(() => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
  if (!result) return;
  const copied = result.checkpointed > 0 && (result.log !== last.log || result.checkpointed !== last.checkpointed);
  last = { log: result.log, checkpointed: result.checkpointed };
  // Only checkpoints that copied something new are reported (the server logs them at debug level).
  if (copied) parentPort!.postMessage({ log: result.log, checkpointed: result.checkpointed });
}, intervalMs);
parentPort!.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
