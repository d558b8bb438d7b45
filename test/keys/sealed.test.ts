import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devKeyFileFor, loadSealedModule } from '../../src/keys/sealed/from-config.js';
import {
  createSealedRoot,
  openSealedModule,
  rotateSealedRoot,
  SealedRootError,
} from '../../src/keys/sealed/sealed-module.js';
import { tempDir } from './support.js';
import { NODE_TS } from '../support/process.js';

const N = 2 ** 12;
const V1 = { backend: 'file', version: 1 } as const;
const V2 = { backend: 'file', version: 2 } as const;
const secret = (s: string) => ({ secret: Buffer.from(s), secretSource: 'KEYGEN_ROOT_PASSPHRASE' });
const fresh = () => {
  const file = path.join(tempDir(), 'root.sealed.json');
  createSealedRoot({ file, ...secret('passphrase one'), scryptN: N });
  return file;
};

describe('sealed-secret module', () => {
  it('offers operations only: no accessor for the root secret', () => {
    const m = openSealedModule({ file: fresh(), ...secret('passphrase one') });
    expect(Object.keys(m).sort()).toEqual([
      'alwaysAvailable',
      'close',
      'current',
      'derive',
      'mac',
      'roots',
      'seal',
      'unseal',
    ]);
    expect(JSON.stringify(m)).not.toMatch(/root/i);
  });

  it('keeps the root sealed at rest: the file holds no 32-byte value that derives the same keys', () => {
    const file = fresh();
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'keygen-sealed-root/1', kdf: { name: 'scrypt' }, current: 1 });
    expect(text).not.toContain('passphrase one');
  });

  it('derives deterministically, apart by purpose, context and inputs, and across reopenings', () => {
    const file = fresh();
    const a = openSealedModule({ file, ...secret('passphrase one') });
    const b = openSealedModule({ file, ...secret('passphrase one') });
    const d = (m: typeof a, context = 'key_1', inputs = [Buffer.from('x')]) =>
      m.derive({ root: V1, purpose: 'recovery-key', context, inputs }).toString('hex');
    expect(d(a)).toBe(d(b));
    expect(d(a)).not.toBe(d(a, 'key_2'));
    expect(d(a)).not.toBe(d(a, 'key_1', [Buffer.from('y')]));
    expect(a.mac({ root: V1, purpose: 'p', parts: ['a', 'bc'] })).not.toEqual(
      a.mac({ root: V1, purpose: 'p', parts: ['ab', 'c'] }),
    );
  });

  it('seals and unseals bound to the additional data; altered values unseal to null', () => {
    const m = openSealedModule({ file: fresh(), ...secret('passphrase one') });
    const sealed = m.seal(Buffer.from('secret'), 'aad-1');
    expect(m.unseal(sealed, 'aad-1')!.toString()).toBe('secret');
    expect(m.unseal(sealed, 'aad-2')).toBeNull();
    expect(m.unseal(`${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`, 'aad-1')).toBeNull();
    expect(m.unseal('short', 'aad-1')).toBeNull();
  });

  it('rotates: new operations use the new version, old versions still derive the same values', () => {
    const file = fresh();
    const before = openSealedModule({ file, ...secret('passphrase one') });
    const old = before.derive({ root: V1, purpose: 'recovery-key', context: 'key_1' });
    const sealedBefore = before.seal(Buffer.from('v1'), 'a');
    expect(rotateSealedRoot({ file, ...secret('passphrase one') })).toBe(2);
    const after = openSealedModule({ file, ...secret('passphrase one') });
    expect(after.current).toEqual(V2);
    expect(after.roots()).toEqual([V1, V2]);
    expect(after.derive({ root: V1, purpose: 'recovery-key', context: 'key_1' })).toEqual(old);
    expect(after.derive({ root: V2, purpose: 'recovery-key', context: 'key_1' })).not.toEqual(old);
    expect(after.unseal(sealedBefore, 'a')!.toString()).toBe('v1');
  });

  it('fails to open with a different passphrase, with a clear message', () => {
    const file = fresh();
    expect(() => openSealedModule({ file, ...secret('passphrase two') })).toThrow(SealedRootError);
    expect(() => openSealedModule({ file, ...secret('passphrase two') })).toThrow(
      /Cannot unseal the root secret in .*KEYGEN_ROOT_PASSPHRASE is not the secret it was sealed with/,
    );
  });

  it('creates a root and a key file on a first development start, with a warning', () => {
    const dir = tempDir();
    const file = path.join(dir, 'root.sealed.json');
    const warnings: string[] = [];
    const m = loadSealedModule({ file, development: true, allowCreate: false }, (w) => warnings.push(w), N);
    expect(m.current).toEqual(V1);
    expect(existsSync(devKeyFileFor(file))).toBe(true);
    expect(warnings.join('\n')).toMatch(/DEVELOPMENT ONLY/);
    const again: string[] = [];
    const m2 = loadSealedModule({ file, development: true, allowCreate: false }, (w) => again.push(w), N);
    expect(again).toEqual([]);
    expect(m2.derive({ root: V1, purpose: 'p', context: 'c' })).toEqual(
      m.derive({ root: V1, purpose: 'p', context: 'c' }),
    );
  });

  /** Six development servers' starts at one instant, each on its root file; each one's derived key, or its error. */
  async function startAtOnce(files: string[]): Promise<Array<{ code: number | null; derived: string; err: string }>> {
    const script = [
      `import { loadSealedModule } from ${JSON.stringify(path.resolve('src/keys/sealed/from-config.ts'))};`,
      // Loaded, each says so and waits for the instant to start at, which comes once all are loaded; the
      // last milliseconds a busy wait, so that they race for the files.
      "process.stdout.write('ready\\n');",
      "const at = await new Promise((resolve) => process.stdin.once('data', (d) => resolve(Number(String(d)))));",
      'while (Date.now() < at);',
      `const m = loadSealedModule({ file: process.argv[1], development: true, allowCreate: false }, () => {}, ${N});`,
      `process.stdout.write(m.derive({ root: { backend: 'file', version: 1 }, purpose: 'p', context: 'c' }).toString('hex'));`,
    ].join('\n');
    const children = files.map((file) =>
      spawn(NODE_TS[0]!, [...NODE_TS.slice(1), '--input-type=module', '-e', script, file], {
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    );
    const runs = children.map(
      (child) =>
        new Promise<{ code: number | null; derived: string; err: string }>((resolve) => {
          let out = '';
          let err = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (err += d));
          child.on('exit', (code) => resolve({ code, derived: out.replace(/^ready\n/, ''), err }));
        }),
    );
    // Each one ready (or ended, with its error), then all told the same instant.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
            child.on('exit', () => resolve());
          }),
      ),
    );
    const at = String(Date.now() + 100);
    for (const child of children) child.stdin.end(`${at}\n`);
    return Promise.all(runs);
  }

  it('makes one whole key file when development processes start beside each other at once', async () => {
    // Each process its own sealed root, all of them in one folder, so all make or read the one key file there.
    const dir = tempDir();
    const runs = await startAtOnce(Array.from({ length: 6 }, (_, i) => path.join(dir, `root-${i}.sealed.json`)));
    expect(runs.filter((r) => r.code !== 0).map((r) => r.err)).toEqual([]);
    expect(readFileSync(devKeyFileFor(path.join(dir, 'root-0.sealed.json')), 'utf8').trim()).toHaveLength(44);
    // Each one's root opens again with the key file left in place.
    for (let i = 0; i < 6; i++)
      expect(() =>
        loadSealedModule(
          { file: path.join(dir, `root-${i}.sealed.json`), development: true, allowCreate: false },
          () => {},
          N,
        ),
      ).not.toThrow();
    expect(readdirSync(dir).filter((f) => f.startsWith('keygen-root.key.'))).toEqual([]);
  }, 60_000);

  it('makes one root when development processes start at once on the same root file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'root.sealed.json');
    const runs = await startAtOnce(Array.from({ length: 6 }, () => file));
    expect(runs.filter((r) => r.code !== 0).map((r) => r.err)).toEqual([]);
    // All six opened the one root that was kept: the same derived key, and the same again on a later start.
    const later = loadSealedModule({ file, development: true, allowCreate: false }, () => {}, N);
    const derived = later.derive({ root: V1, purpose: 'p', context: 'c' }).toString('hex');
    expect(runs.map((r) => r.derived)).toEqual(Array.from({ length: 6 }, () => derived));
    expect(readdirSync(dir).sort()).toEqual(['keygen-root.key', 'root.sealed.json']);
  }, 60_000);

  it('refuses to start in production without a secret or without the root file', () => {
    const file = path.join(tempDir(), 'root.sealed.json');
    expect(() => loadSealedModule({ file, development: false, allowCreate: false }, () => {}, N)).toThrow(
      /KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE/,
    );
    expect(() =>
      loadSealedModule(
        { file, passphrase: 'long enough passphrase', development: false, allowCreate: false },
        () => {},
        N,
      ),
    ).toThrow(/does not exist/);
  });
});
