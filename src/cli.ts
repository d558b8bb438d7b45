import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { keysConfigFromEnv } from './keys/config.js';
import { listRoots, rotateRoot } from './keys/sealed/admin.js';
import { UnknownAccountError } from './shared/api-keys.js';
import { systemClock } from './shared/clock.js';
import { openStorage, sharedClock } from './storage.js';
import { exitUnlessRuntimeFits } from './shared/runtime-check.js';
import { readFileSync } from 'node:fs';
import { auditKey, FINDABLE, findInAudit } from './keys/audit.js';
import { loadKeysRuntime } from './keys/runtime.js';
import { sameRoot } from './keys/sealed/sealed-module.js';
import { answeredFlag } from './process-flags.js';
import { newSigning, signingSecret } from './shared/request-signing.js';

const USAGE = `Usage:
  cli api-key create --name NAME [--account ACCOUNT_ID]   create a key (a new account unless one is named); prints the key last, once
  cli api-key list                                         list keys (never the key itself)
  cli api-key revoke KEY_ID                                revoke a key
  cli api-key signing-secret KEY_ID                        make the key require signed requests (svc-signature-hmac-sha256 and date)
                                                           under a new signing secret; prints the secret last, once (needs the sealed root)
  cli sealed-root list                                     the key service's roots: backend and version, which one new keys use, how many keys each made
  cli sealed-root rotate                                   a new root version (in the PKCS#11 token when KEYGEN_PKCS11_MODULE is set, else in the sealed file)
  cli audit find --key-token TOKEN [--file PATH]           whether and when a value appears in the key service's audit trail (KEYGEN_AUDIT_LOG
                                                           unless --file); also --client-secret, --recovery-key, --transaction-token
  cli --version                                            the version and commit
  cli --check-config                                       checks every setting, opens the database and the sealed module; exit 0 or 1

Uses DATABASE_URL (default file:./data/service.db; postgres://… for PostgreSQL), also while the server runs,
and for sealed-root the key service's settings (KEYGEN_PKCS11_*, KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(argv: string[]) {
  if (await answeredFlag(argv)) return;
  exitUnlessRuntimeFits();
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      account: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      file: { type: 'string' },
      ...(Object.fromEntries(Object.keys(FINDABLE).map((k) => [k, { type: 'string' }])) as Record<
        keyof typeof FINDABLE,
        { type: 'string' }
      >),
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [resource, action, arg] = positionals;
  if (resource === 'sealed-root') return sealedRoot(action);
  if (resource === 'audit') return auditFind(action, values);
  if (resource !== 'api-key') fail(`Unknown command: ${positionals.join(' ') || '(none)'}`);
  if (action === 'signing-secret') return signingSecretFor(arg);
  const storage = await openStorage({ ...loadConfig(), DATABASE_POOL_SIZE: 1 });
  const keys = storage.repos.apiKeys;
  const clock = await sharedClock(storage, systemClock, (_fields, message) =>
    process.stderr.write(`Warning: ${message}\n`),
  );
  try {
    switch (action) {
      case 'create': {
        const name = values.name?.trim();
        if (!name) fail('api-key create needs --name NAME.');
        let key;
        try {
          key = await keys.create(clock.now(), { name, accountId: values.account });
        } catch (err) {
          if (!(err instanceof UnknownAccountError)) throw err;
          process.stderr.write(`${err.message}\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(
          `Created API key ${key.id} "${key.name}" for account ${key.accountId}. ` +
            `It is shown only this once:\n${key.key}\n`,
        );
        return;
      }
      case 'list': {
        const rows = await keys.list();
        if (rows.length === 0) process.stdout.write('No API keys.\n');
        for (const r of rows) {
          process.stdout.write(
            `${r.id}  ${r.accountId}  ${r.prefix}…  ` +
              `${r.revokedAt ? `revoked ${r.revokedAt}` : r.signed ? 'active, signed requests' : 'active'}  ` +
              `${r.name}\n`,
          );
        }
        return;
      }
      case 'revoke': {
        if (!arg) fail('api-key revoke needs KEY_ID.');
        if (!(await keys.revoke(clock.now(), arg))) {
          process.stderr.write(`No active API key ${arg}.\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(`Revoked ${arg}.\n`);
        return;
      }
      default:
        fail(`Unknown action: api-key ${action ?? ''}`);
    }
  } finally {
    clock.stop();
    await storage.close();
  }
}

/** Running instances notice within their key cache's lifetime (a second); running it again replaces the secret. */
async function signingSecretFor(keyId: string | undefined) {
  if (!keyId) fail('api-key signing-secret needs KEY_ID.');
  const storage = await openStorage({ ...loadConfig(), DATABASE_POOL_SIZE: 2 });
  try {
    const { sealed } = await loadKeysRuntime(process.env, (m) => process.stderr.write(`${m}\n`), storage);
    try {
      const signing = newSigning(sealed);
      const secret = await signingSecret(sealed, keyId, signing);
      if (secret === undefined) throw new Error('The sealed module does not hold its current root.');
      if (!(await storage.repos.apiKeys.requireSigning(keyId, signing))) {
        process.stderr.write(`No active API key ${keyId}.\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(
        `API key ${keyId} now requires signed requests (svc-signature-hmac-sha256 and date); ` +
          `an earlier signing secret no longer works. ` +
          `Its signing secret is shown only this once:\n${secret}\n`,
      );
    } finally {
      await sealed.close();
    }
  } finally {
    await storage.close();
  }
}

async function sealedRoot(action: string | undefined) {
  if (action !== 'list' && action !== 'rotate') fail(`Unknown action: sealed-root ${action ?? ''}`);
  const config = keysConfigFromEnv(process.env).sealedRoot;
  const storage = await openStorage({ ...loadConfig(), DATABASE_POOL_SIZE: 2 });
  try {
    const admin = {
      sealedRoot: storage.sealedRoot,
      rootLock: storage.rootLock,
      rootsInUse: () => storage.repos.keys.rootsInUse(),
    };
    if (action === 'list') {
      for (const line of await listRoots(config, admin)) process.stdout.write(`${line}\n`);
    } else {
      process.stdout.write(`${await rotateRoot(config, admin, (m) => process.stderr.write(`${m}\n`))}\n`);
    }
  } finally {
    await storage.close();
  }
}

// The trail holds HMACs of secrets under a key derived from the sealed root, so the value is HMAC'd the same way.

async function auditFind(action: string | undefined, values: Partial<Record<keyof typeof FINDABLE | 'file', string>>) {
  if (action !== 'find') fail(`Unknown action: audit ${action ?? ''}`);
  const given = (Object.keys(FINDABLE) as Array<keyof typeof FINDABLE>).filter((k) => values[k] !== undefined);
  if (given.length !== 1)
    fail('audit find needs one of --key-token, --client-secret, --recovery-key, --transaction-token.');
  const option = given[0]!;
  const file = values.file ?? process.env.KEYGEN_AUDIT_LOG;
  if (!file || file === 'stdout') fail('audit find needs --file PATH (or KEYGEN_AUDIT_LOG naming a file).');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    process.stderr.write(
      `Cannot read the audit trail ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const storage = await openStorage({ ...loadConfig(), DATABASE_POOL_SIZE: 2 });
  try {
    const { sealed } = await loadKeysRuntime(process.env, (m) => process.stderr.write(`${m}\n`), storage);
    try {
      const keyOf = async (root: Parameters<typeof auditKey>[1]) =>
        sealed.roots().some((r) => sameRoot(r, root)) ? auditKey(sealed, root) : undefined;
      const { found, unreadable } = await findInAudit(text, FINDABLE[option], values[option]!, keyOf);
      if (unreadable.length > 0)
        process.stderr.write(
          `Lines under roots this start does not hold were not checked: ${unreadable.join(', ')}.\n`,
        );
      if (found.length === 0) {
        process.stdout.write(`Not found: no line of ${file} holds this ${option.replace('-', ' ')}.\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`Found in ${found.length} line${found.length === 1 ? '' : 's'} of ${file}:\n`);
      for (const e of found) {
        const parts = [
          e.time,
          e.event,
          e.outcome,
          e.reason,
          e.keyId && `key ${e.keyId}`,
          e.transactionId && `transaction ${e.transactionId}`,
          e.requestId && `request ${e.requestId}`,
        ];
        process.stdout.write(`${parts.filter(Boolean).join('  ')}\n`);
      }
    } finally {
      await sealed.close();
    }
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
