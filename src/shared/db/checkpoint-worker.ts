// Embedded as source text in the single-file build, so it imports nothing but better-sqlite3.
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
// SQLite's counts are running totals since the WAL restarted, so only a change means something was copied.
let last = { log: 0, checkpointed: 0 };
const timer = setInterval(() => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
  if (!result) return;
  const copied = result.checkpointed > 0 && (result.log !== last.log || result.checkpointed !== last.checkpointed);
  last = { log: result.log, checkpointed: result.checkpointed };
  if (copied) parentPort!.postMessage({ log: result.log, checkpointed: result.checkpointed });
}, intervalMs);
parentPort!.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
