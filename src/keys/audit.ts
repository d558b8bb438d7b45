import { createHmac } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Context } from 'hono';
import type { Principal } from '../shared/api-keys.js';
import type { Clock } from '../shared/clock.js';
import type { Metrics } from '../shared/metrics.js';
import { describeRoot, type RootRef, type SealedModule } from './sealed/sealed-module.js';

/** What the key service records: each step of a key's life, and each refusal with its reason. */
export type KeysEventName =
  | 'key_created'
  | 'transaction_created'
  | 'prompt_opened'
  | 'sign_in_started'
  | 'sign_in_finished'
  | 'key_token_exchanged'
  | 'request_refused';

/** Values that are secrets or identities: in the audit trail each is an HMAC, never the value. */
export interface AuditedValues {
  clientSecret?: string;
  promptToken?: string;
  keyToken?: string;
  recoveryKey?: string;
  /** The user's identity at their provider, `issuer sub`. */
  identity?: string;
}

export interface KeysEvent {
  event: KeysEventName;
  /** `ok`, or `refused` with its `reason`. */
  outcome: 'ok' | 'refused';
  reason?: string;
  /** The operation refused (request_refused): an operationId of the contract. */
  operationId?: string;
  keyId?: string;
  transactionId?: string;
  values?: AuditedValues;
}

/** The audit trail could not be written: the operation is answered 503, as the operator asked (see audit below). */
export class AuditUnavailable extends Error {
  override name = 'AuditUnavailable';
}

/** The audit trail: one JSON line per event, written before the operation answers. */
export interface AuditTrail {
  /** Writes the event; rejects (or throws) with AuditUnavailable when it cannot and the operator wants that to fail the operation. */
  write(c: Context | undefined, event: KeysEvent): void | Promise<void>;
  close(): void;
}

/** How a secret appears in the audit trail: `hmac-sha256:` and the hex HMAC under the audit key. */
export const auditHmac = (key: Buffer, value: string) =>
  `hmac-sha256:${createHmac('sha256', key).update(value, 'utf8').digest('hex')}`;

/**
 * The audit key of a root: derived in the sealed module for its own purpose, so that every
 * instance on the same root computes the same HMACs and an auditor with the CLI can too.
 */
export const auditKey = async (sealed: SealedModule, root: RootRef) =>
  Buffer.from(await sealed.derive({ root, purpose: 'audit-hmac', context: 'keygen-audit/v1' }));

/** The line of an event: time, request, caller, key, transaction, outcome, and the HMACs of its values. */
export function auditLine(event: KeysEvent, at: Date, key: Buffer, root: RootRef, c: Context | undefined): string {
  const principal = (c?.get as ((k: string) => Principal | undefined) | undefined)?.call(c, 'principal');
  const requestId = (c?.get as ((k: string) => string | undefined) | undefined)?.call(c, 'requestId');
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

/**
 * Opens the audit trail KEYGEN_AUDIT_LOG names: a file (appended to, created owner-only) or
 * `stdout`. A file line is written with one synchronous append, so that the operation knows it is
 * written before it answers (as Vault's audit devices: no trail, no answer). With
 * `continueOnFailure` a failed write is logged and the operation goes on.
 */
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

/** Where the key service reports its events: the metrics' counter and the audit trail, either or both. */
export interface KeysEvents {
  /** Records an event of an operation; throws (or rejects) with AuditUnavailable when it must not go on. */
  record(c: Context | undefined, event: KeysEvent): void | Promise<void>;
  /** True with an audit trail: an operation then records its event before it consumes a one-time token. */
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

/** For a key service without metrics or an audit trail (tests, embedding). */
export const noKeysEvents: KeysEvents = { record: () => {}, audited: false };

/** The values `cli audit find` looks for, by their field in the audit trail. */
export const FINDABLE = {
  'key-token': 'keyToken',
  'client-secret': 'clientSecret',
  'recovery-key': 'recoveryKey',
  'transaction-token': 'promptToken',
} as const;

/**
 * The lines of an audit trail (its text) whose `field` is the HMAC of `value`, under the audit key of
 * the root each line names (`auditKey`); `keyOf` answers that key, or undefined for a root not held.
 */
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
