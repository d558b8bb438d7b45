import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sameRoot, type RootRef, type SealedModule } from '../keys/sealed/sealed-module.js';
import type { SigningRef } from './api-keys.js';
import { andThen, type MaybePromise } from './maybe.js';

/**
 * AfterShip's "AES" authentication with its `as-` headers renamed `svc-`: the signature is
 * base64(HMAC-SHA256(signing secret, SignString)) and `date` must be within 3 minutes. The secret is derived in
 * the sealed module from the key's id and a random salt, so it is shown once and stored nowhere.
 */
export const SIGNATURE_HEADER = 'svc-signature-hmac-sha256';
const SIGNATURE_WINDOW_MS = 3 * 60_000;
const SIGNED_PREFIX = 'svc-';
const SECRET_PREFIX = 'svcsig_';
const RFC_1123 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

interface SignedRequest {
  method: string;
  /** Path and query as sent. */
  target: string;
  headers: Iterable<[string, string]>;
  contentType: string | undefined;
  date: string;
  body: Uint8Array;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// A stable sort keeps repeated names in the order sent.
function canonicalResource(target: string): string {
  const mark = target.indexOf('?');
  if (mark < 0) return target;
  const pairs = target
    .slice(mark + 1)
    .split('&')
    .filter((p) => p !== '');
  if (pairs.length === 0) return target.slice(0, mark);
  const name = (pair: string) => pair.split('=', 1)[0]!;
  return `${target.slice(0, mark)}?${pairs.sort((a, b) => byName(name(a), name(b))).join('&')}`;
}

export function signString(req: SignedRequest): string {
  const headers = [...req.headers]
    .map(([name, value]) => [name.trim().toLowerCase(), value.trim()] as const)
    .filter(([name]) => name.startsWith(SIGNED_PREFIX) && name !== SIGNATURE_HEADER)
    .sort(([a], [b]) => byName(a, b))
    .map(([name, value]) => `${name}:${value}`)
    .join('\n');
  const hasBody = req.body.byteLength > 0;
  return [
    req.method.toUpperCase(),
    hasBody ? createHash('md5').update(req.body).digest('hex').toUpperCase() : '',
    hasBody ? (req.contentType ?? '') : '',
    req.date,
    headers,
    canonicalResource(req.target),
  ].join('\n');
}

export const sign = (secret: string, req: SignedRequest) =>
  createHmac('sha256', secret).update(signString(req)).digest('base64');

const rootName = (root: RootRef) => `${root.backend}:${root.version}`;
function parseRoot(name: string): RootRef | undefined {
  const m = /^(file|pkcs11):([1-9]\d*)$/.exec(name);
  return m ? { backend: m[1] as RootRef['backend'], version: Number(m[2]) } : undefined;
}

export const newSigning = (sealed: SealedModule): SigningRef => ({
  root: rootName(sealed.current),
  salt: randomBytes(16).toString('base64url'),
});

/** Undefined when the module no longer holds the key's root. */
export function signingSecret(sealed: SealedModule, keyId: string, ref: SigningRef): MaybePromise<string | undefined> {
  const root = parseRoot(ref.root);
  if (!root || !sealed.roots().some((r) => sameRoot(r, root))) return undefined;
  return andThen(
    sealed.derive({ root, purpose: 'api-signing', context: keyId, inputs: [Buffer.from(ref.salt, 'base64url')] }),
    (bytes) => `${SECRET_PREFIX}${bytes.toString('base64url')}`,
  );
}

type SignatureVerdict =
  | { ok: true }
  | {
      ok: false;
      problem: 'date_missing' | 'signature_missing' | 'date_invalid' | 'date_outside' | 'mismatch' | 'no_root';
    };

/**
 * Secrets are cached per key and salt (a new secret has a new salt), so a busy client costs one HMAC per request
 * instead of a derivation in the sealed module.
 */

export function createSignatureVerifier(sealed: SealedModule, now: () => number, maxEntries = 10_000) {
  const secrets = new Map<string, string>();
  return (
    keyId: string,
    ref: SigningRef,
    req: Omit<SignedRequest, 'date'> & { date: string | undefined; signature: string | undefined },
  ): MaybePromise<SignatureVerdict> => {
    if (req.signature === undefined || req.signature.trim() === '') return { ok: false, problem: 'signature_missing' };
    if (req.date === undefined || req.date.trim() === '') return { ok: false, problem: 'date_missing' };
    const date = req.date.trim();
    const at = RFC_1123.test(date) ? Date.parse(date) : NaN;
    if (Number.isNaN(at)) return { ok: false, problem: 'date_invalid' };
    if (Math.abs(now() - at) > SIGNATURE_WINDOW_MS) return { ok: false, problem: 'date_outside' };
    const cacheKey = `${keyId}\n${ref.root}\n${ref.salt}`;
    const check = (secret: string | undefined): SignatureVerdict => {
      if (secret === undefined) return { ok: false, problem: 'no_root' };
      const expected = Buffer.from(sign(secret, { ...req, date }));
      const given = Buffer.from(req.signature!.trim());
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? { ok: true }
        : { ok: false, problem: 'mismatch' };
    };
    const known = secrets.get(cacheKey);
    if (known !== undefined) return check(known);
    return andThen(signingSecret(sealed, keyId, ref), (secret) => {
      if (secret !== undefined) {
        if (secrets.size >= maxEntries) secrets.clear();
        secrets.set(cacheKey, secret);
      }
      return check(secret);
    });
  };
}

export type SignatureVerifier = ReturnType<typeof createSignatureVerifier>;
