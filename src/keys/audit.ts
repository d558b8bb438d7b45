import { createHmac } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Context } from 'hono';
import type { Principal } from '../shared/api-keys.js';
import { requestIdOf } from '../shared/http.js';
import type { Clock } from '../shared/clock.js';
import type { Metrics } from '../shared/metrics.js';
import { describeRoot, type RootRef, type SealedModule } from './sealed/sealed-module.js';

type KeysEventName =
  | 'key_created'
  | 'transaction_created'
  | 'prompt_opened'
  | 'sign_in_started'
  | 'sign_in_finished'
  | 'key_token_exchanged'
  | 'request_refused';

/** Secrets and identities appear in the trail only as HMACs. */
interface AuditedValues {
  clientSecret?: string;
  promptToken?: string;
  keyToken?: string;
  recoveryKey?: string;
  /** `issuer sub`. */
  identity?: string;
}

interface KeysEvent {
  event: KeysEventName;
  outcome: 'ok' | 'refused';
  reason?: string;
  operationId?: string;
  keyId?: string;
  transactionId?: string;
  values?: AuditedValues;
}

/** Answered 503, as the operator asked by not setting KEYGEN_AUDIT_CONTINUE_ON_FAILURE. */
export class AuditUnavailable extends Error {
  override name = 'AuditUnavailable';
}

/** One JSON line per event, written before the operation answers. */
export interface AuditTrail {
  write(c: Context | undefined, event: KeysEvent): void | Promise<void>;
  close(): void;
}

const auditHmac = (key: Buffer, value: string) =>
  `hmac-sha256:${createHmac('sha256', key).update(value, 'utf8').digest('hex')}`;

/** Derived from the root, so that every instance and an auditor with the CLI compute the same HMACs. */
export const auditKey = async (sealed: SealedModule, root: RootRef) =>
  Buffer.from(await sealed.derive({ root, purpose: 'audit-hmac', context: 'keygen-audit/v1' }));

function auditLine(event: KeysEvent, at: Date, key: Buffer, root: RootRef, c: Context | undefined): string {
  const principal = (c?.get as ((k: string) => Principal | undefined) | undefined)?.call(c, 'principal');
  const requestId = c && requestIdOf(c);
  const hashed: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.values ?? {}) as Array<[string, string | undefined]>) {
    if (value !== undefined) hashed[name] = auditHmac(key, value);
  }
  return `${JSON.stringify({
    time: at.toISOString(),
    event: event.event,
    outcome: event.outcome,
    reason: event.reason,
    operationId: event.operationId,
    requestId,
    apiKeyId: principal?.apiKeyId,
    accountId: principal?.accountId,
    keyId: event.keyId,
    transactionId: event.transactionId,
    ...hashed,
    auditKey: describeRoot(root),
  })}\n`;
}

/** One synchronous append per line, so that an event is written before the operation answers (as Vault does). */
export async function openAuditTrail(opts: {
  destination: string;
  continueOnFailure: boolean;
  sealed: SealedModule;
  clock: Clock;
  logger: { error(obj: object, msg: string): void };
}): Promise<AuditTrail> {
  const root = opts.sealed.current;
  const key = await auditKey(opts.sealed, root);
  const toStdout = opts.destination === 'stdout';
  const fd = toStdout ? undefined : openSync(opts.destination, 'a', 0o600);
  const failed = (err: unknown) => {
    opts.logger.error(
      { err: (err as Error).message, destination: opts.destination },
      'the audit trail cannot be written',
    );
    if (!opts.continueOnFailure) throw new AuditUnavailable('The audit trail cannot be written.');
  };
  return {
    write(c, event) {
      const line = auditLine(event, opts.clock.now(), key, root, c);
      if (fd === undefined) {
        return new Promise<void>((resolve, reject) => {
          process.stdout.write(line, (err) => {
            if (!err) return resolve();
            try {
              failed(err);
              resolve();
            } catch (e) {
              reject(e as Error);
            }
          });
        });
      }
      try {
        writeSync(fd, line);
      } catch (err) {
        failed(err);
      }
    },
    close: () => {
      if (fd !== undefined) closeSync(fd);
    },
  };
}

export interface KeysEvents {
  /** Throws or rejects with AuditUnavailable when the operation must not go on. */
  record(c: Context | undefined, event: KeysEvent): void | Promise<void>;
  /** With an audit trail an operation records its event before it consumes a one-time token. */
  readonly audited: boolean;
}

export function keysEvents({
  metrics,
  audit,
}: {
  metrics?: Pick<Metrics, 'keysEvent'>;
  audit?: AuditTrail;
}): KeysEvents {
  return {
    audited: audit !== undefined,
    record(c, event) {
      metrics?.keysEvent(event.event, event.outcome);
      return audit?.write(c, event);
    },
  };
}

export const noKeysEvents: KeysEvents = { record: () => {}, audited: false };

export const FINDABLE = {
  'key-token': 'keyToken',
  'client-secret': 'clientSecret',
  'recovery-key': 'recoveryKey',
  'transaction-token': 'promptToken',
} as const;

/** Each line is checked under the audit key of the root it names; `keyOf` is undefined for a root not held. */
export async function findInAudit(
  text: string,
  field: string,
  value: string,
  keyOf: (root: RootRef) => Promise<Buffer | undefined>,
) {
  const keys = new Map<string, Buffer | undefined>();
  const found: Array<Record<string, string | undefined>> = [];
  const unreadable = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry: Record<string, string | undefined>;
    try {
      entry = JSON.parse(line) as Record<string, string | undefined>;
    } catch {
      continue;
    }
    const rootText = entry.auditKey;
    const m = rootText ? /^(file|pkcs11) v(\d+)$/.exec(rootText) : null;
    if (!m || entry[field] === undefined) continue;
    if (!keys.has(rootText!))
      keys.set(rootText!, await keyOf({ backend: m[1] as RootRef['backend'], version: Number(m[2]) }));
    const key = keys.get(rootText!);
    if (!key) {
      unreadable.add(rootText!);
      continue;
    }
    if (entry[field] === auditHmac(key, value)) found.push(entry);
  }
  return { found, unreadable: [...unreadable] };
}
