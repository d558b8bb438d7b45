// Run by test/keys/hsm-processes.test.ts, several at once: a process that found the token empty at
// start makes sure the token has a root, at the same moment as the others (each says "ready" and
// waits for the test's "go" on stdin), under the root lock of a SQLite file they share
// (Storage.rootLock, as the server takes it). Prints what it made, as JSON. `--no-lock` runs
// without the lock, to see the race it prevents.
import { once } from 'node:events';
import { Pkcs11Token } from '../../src/keys/sealed/pkcs11.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { sqliteStorage } from '../../src/storage.js';

const [label, file, flag] = process.argv.slice(2);
const db = openDatabase(`file:${file}`);
const lock = flag === '--no-lock' ? <T>(fn: () => Promise<T>) => fn() : sqliteStorage(db.db).rootLock;
// Opened under the lock too, as the server opens it (Pkcs11Token.open says why).
const token = await Pkcs11Token.open(
  {
    module: process.env.KEYGEN_PKCS11_MODULE!,
    tokenLabel: label!,
    pin: process.env.KEYGEN_PKCS11_PIN!,
    pinSource: 'KEYGEN_PKCS11_PIN',
    sessions: 1,
    timeoutMs: 10_000,
  },
  lock,
);
const empty = token.versions().length === 0;
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const made = await token.ensureRoots(true, lock);
process.stdout.write(`${JSON.stringify({ empty, made })}\n`);
await token.close();
db.close();
process.exit(0);
