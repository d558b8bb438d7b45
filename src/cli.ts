import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { UnknownAccountError } from './shared/api-keys.js';
import { systemClock } from './shared/clock.js';
import { openStorage } from './storage.js';
import { exitUnlessRuntimeFits } from './shared/runtime-check.js';

const USAGE = `Usage:
  cli api-key create --name NAME [--account ACCOUNT_ID]   create a key (a new account unless one is named); prints the key last, once
  cli api-key list                                         list keys (never the key itself)
  cli api-key revoke KEY_ID                                revoke a key

Uses DATABASE_URL (default file:./data/service.db; postgres://… for PostgreSQL), also while the server runs.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(argv: string[]) {
  exitUnlessRuntimeFits();
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, account: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [resource, action, arg] = positionals;
  if (resource !== 'api-key') fail(`Unknown command: ${positionals.join(' ') || '(none)'}`);
  const storage = await openStorage({ ...loadConfig(), DATABASE_POOL_SIZE: 1 });
  const keys = storage.repos.apiKeys;
  try {
    switch (action) {
      case 'create': {
        const name = values.name?.trim();
        if (!name) fail('api-key create needs --name NAME.');
        let key;
        try {
          key = await keys.create(systemClock.now(), { name, accountId: values.account });
        } catch (err) {
          if (!(err instanceof UnknownAccountError)) throw err;
          process.stderr.write(`${err.message}\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(`Created API key ${key.id} "${key.name}" for account ${key.accountId}. It is shown only this once:\n${key.key}\n`);
        return;
      }
      case 'list': {
        const rows = await keys.list();
        if (rows.length === 0) process.stdout.write('No API keys.\n');
        for (const r of rows) {
          process.stdout.write(`${r.id}  ${r.accountId}  ${r.prefix}…  ${r.revokedAt ? `revoked ${r.revokedAt}` : 'active'}  ${r.name}\n`);
        }
        return;
      }
      case 'revoke': {
        if (!arg) fail('api-key revoke needs KEY_ID.');
        if (!(await keys.revoke(systemClock.now(), arg))) {
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
    await storage.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
