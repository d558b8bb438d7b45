// The checker never stays silent: random single edits of the real contracts (drop a key, rename
// a key, retype a value, move a bound), seeded and bounded, each give a report with at least one
// change (judged by a rule, or unclassified), or a comparison error that says why.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { reviewPair } from '../../scripts/lib/contract-review.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Key = string | number;

/** Every path under `paths`, `components` and `webhooks`, with the value found there. */
function locations(doc: Json): { path: Key[]; value: Json }[] {
  const out: { path: Key[]; value: Json }[] = [];
  const walk = (node: Json, at: Key[]) => {
    if (at.length > 0) out.push({ path: at, value: node });
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...at, i]));
    else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...at, k]);
  };
  for (const section of ['paths', 'components', 'webhooks', 'info', 'servers']) {
    const node = (doc as Record<string, Json>)[section];
    if (node !== undefined) walk(node, [section]);
  }
  return out;
}

type Mutation = { kind: 'drop' | 'rename' | 'retype' | 'rebound'; index: number; amount: number };

function parentOf(doc: Json, at: Key[]): Json {
  let node = doc;
  for (const k of at.slice(0, -1)) node = (node as Record<Key, Json>)[k]!;
  return node;
}

/** Applies one mutation; undefined when it does not apply to the place drawn. */
function mutate(original: Json, m: Mutation): { doc: Json; description: string } | undefined {
  const doc = structuredClone(original);
  // Each kind draws among the places it applies to: map keys, scalars, numbers.
  const applies = {
    drop: () => true,
    rename: (l: { path: Key[] }) => typeof l.path.at(-1) === 'string',
    retype: (l: { value: Json }) => l.value === null || typeof l.value !== 'object',
    rebound: (l: { value: Json }) => typeof l.value === 'number',
  }[m.kind];
  const places = locations(doc).filter(applies);
  if (places.length === 0) return undefined;
  const { path: at, value } = places[m.index % places.length]!;
  const parent = parentOf(doc, at) as Record<Key, Json> & Json[];
  const key = at.at(-1)!;
  const where = at.join('.');
  switch (m.kind) {
    case 'drop':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      return { doc, description: `drop ${where}` };
    case 'rename': {
      if (Array.isArray(parent)) return undefined;
      const renamed: Record<string, Json> = {};
      for (const [k, v] of Object.entries(parent) as [string, Json][]) renamed[k === key ? `${k}_renamed` : k] = v;
      for (const k of Object.keys(parent)) delete parent[k];
      Object.assign(parent, renamed);
      return { doc, description: `rename ${where}` };
    }
    case 'retype': {
      const types = ['string', 'integer', 'number', 'boolean', 'object', 'array'];
      if (key === 'type' && typeof value === 'string')
        parent[key] = types[(types.indexOf(value) + 1 + m.amount) % types.length]!;
      else if (typeof value === 'string') parent[key] = m.amount;
      else if (typeof value === 'number') parent[key] = String(value);
      else if (typeof value === 'boolean') parent[key] = !value;
      else return undefined;
      return { doc, description: `retype ${where}: ${JSON.stringify(value)} → ${JSON.stringify(parent[key])}` };
    }
    case 'rebound': {
      if (typeof value !== 'number') return undefined;
      parent[key] = value + (m.amount % 2 === 0 ? m.amount + 1 : -(m.amount + 1));
      return { doc, description: `rebound ${where}: ${value} → ${String(parent[key])}` };
    }
  }
}

const mutationArb = fc.record({
  kind: fc.constantFrom('drop', 'rename', 'retype', 'rebound') as fc.Arbitrary<Mutation['kind']>,
  index: fc.nat(),
  amount: fc.nat({ max: 40 }),
});

const RUNS = Number(process.env.SPEC_SWEEP_RUNS ?? 40);

describe.each(['orders', 'keys'] as const)('mutation sweep of openapi/%s.yaml', (spec) => {
  const text = readFileSync(path.join(root, 'openapi', `${spec}.yaml`), 'utf8');
  const original = parse(text) as Json;
  const numbers = locations(original).filter((l) => typeof l.value === 'number').length;

  it(`judges every single edit (${RUNS} seeded runs, ${numbers} numbers among the places)`, async () => {
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(mutationArb, async (m) => {
        const mutated = mutate(original, m);
        if (!mutated || isDeepStrictEqual(mutated.doc, original)) return;
        seen.push(mutated.description);
        const review = await reviewPair(
          { name: `openapi/${spec}.yaml`, beforeText: text, afterText: stringify(mutated.doc) },
          { types: false },
        );
        // A comparison error is an answer only when the document is broken, never a rule the checker lacks.
        expect(review.error ?? '', mutated.description).not.toContain('no rule');
        const said = review.error !== undefined || review.changes.length > 0;
        expect(said, `${mutated.description}: empty report`).toBe(true);
      }),
      { numRuns: RUNS, seed: spec === 'orders' ? 20261124 : 23 },
    );
    // The sweep reached the four kinds of edit.
    for (const kind of ['drop', 'rename', 'retype', 'rebound'])
      expect(
        seen.some((d) => d.startsWith(kind)),
        kind,
      ).toBe(true);
  }, 120_000);
});
