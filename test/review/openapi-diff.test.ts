// The comparison's inlining of `$ref`s: a component several operations name, and schemas that name
// themselves or each other, are judged at every place they reach, the same on every path to them.
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../scripts/lib/openapi-diff.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const json = (schema: string): Json => ({
  description: 'OK',
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/** Four reads: `/trees` and `/forest` answer a Node (which names itself), `/pairs` an A and `/bs` a B (A and B name each other). */
function contract(nodeLabel: Json, bLabel: Json, aNote: Json = { type: 'string' }): Record<string, Json> {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/trees': { get: { operationId: 'getTree', responses: { '200': json('Node') } } },
      '/forest': { get: { operationId: 'getForest', responses: { '200': json('Node') } } },
      '/pairs': { get: { operationId: 'getPair', responses: { '200': json('A') } } },
      '/bs': { get: { operationId: 'getB', responses: { '200': json('B') } } },
    },
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['label'],
          properties: { label: nodeLabel, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        },
        A: { type: 'object', properties: { note: aNote, b: { $ref: '#/components/schemas/B' } } },
        B: {
          type: 'object',
          required: ['label'],
          properties: { label: bLabel, a: { $ref: '#/components/schemas/A' } },
        },
      },
    },
  };
}

const label = { type: 'string', maxLength: 64 };
const places = (findings: ReturnType<typeof diffDocuments>['findings']) =>
  findings.map((f) => `${f.operation} ${f.where} ${f.field}: ${f.rule}`).sort();

describe('inlined $refs', () => {
  it('finds nothing between a contract and itself, recursive schemas included', () => {
    expect(diffDocuments(contract(label, label), contract(label, label)).findings).toEqual([]);
  });

  it('judges a change to a schema that names itself at every operation that answers it', () => {
    const { findings } = diffDocuments(contract(label, label), contract({ type: 'string', maxLength: 32 }, label));
    expect(places(findings)).toEqual([
      'GET /forest response 200 label: response-property-max-length-decreased',
      'GET /trees response 200 label: response-property-max-length-decreased',
    ]);
  });

  it('judges a change to one of two schemas that name each other from either end', () => {
    const { findings } = diffDocuments(contract(label, label), contract(label, { type: 'integer' }));
    expect(places(findings)).toEqual([
      'GET /bs response 200 label: response-property-max-length-unset',
      'GET /bs response 200 label: response-property-type-changed',
      'GET /pairs response 200 b.label: response-property-max-length-unset',
      'GET /pairs response 200 b.label: response-property-type-changed',
    ]);
    // A's change reaches B's answer through B's own reference to A, though /pairs inlined B inside A first.
    const note = diffDocuments(contract(label, label), contract(label, label, { type: 'integer' })).findings;
    expect(places(note)).toEqual([
      'GET /bs response 200 a.note: response-property-type-changed',
      'GET /pairs response 200 note: response-property-type-changed',
    ]);
  });
});
