import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as keysRoutes from '../../generated/keys/routes.js';
import * as ordersRoutes from '../../generated/orders/routes.js';
import { compiledSchema } from '../../src/shared/validation.js';
import { applyAt, arbitrariesFor, type Schema } from '../support/arbitraries.js';
import { contractFor } from '../support/contract.js';

/**
 * Request bodies are checked by zod's compiled parsers (`z.compile`), which fall back to the runtime parser for
 * input they refuse. A compiled parser that accepted what the runtime refuses, or built a different value, would
 * change what the service stores without any API test noticing the cause; so for every JSON body of both
 * contracts the two parsers must agree on values generated from the YAML (valid ones, each constraint broken in
 * turn, and arbitrary JSON): the same success, then the same value or the same issues.
 */
type Route = {
  operationId?: string;
  request?: { body?: { content?: Record<string, { schema?: z.ZodType }> } };
};

interface Body {
  operationId: string;
  zod: z.ZodType;
  yaml: Schema;
}

function bodiesOf(name: 'orders' | 'keys', routes: Record<string, unknown>): Body[] {
  const paths = contractFor(name).spec.paths as Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  const yamlBodies = new Map<string, Schema>();
  for (const item of Object.values(paths))
    for (const op of Object.values(item)) {
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      if (op?.operationId && schema) yamlBodies.set(op.operationId, schema);
    }
  const arbs = arbitrariesFor(name);
  const out: Body[] = [];
  for (const route of Object.values(routes) as Route[]) {
    const zod = route.request?.body?.content?.['application/json']?.schema;
    const yaml = route.operationId ? yamlBodies.get(route.operationId) : undefined;
    if (zod && yaml)
      out.push({ operationId: route.operationId!, zod, yaml: yaml.$ref ? arbs.schema(yaml.$ref) : yaml });
  }
  return out;
}

const services = [
  { name: 'orders' as const, bodies: bodiesOf('orders', ordersRoutes) },
  { name: 'keys' as const, bodies: bodiesOf('keys', keysRoutes) },
];

function agree(runtime: z.ZodType, compiled: z.ZodType, value: unknown) {
  const a = runtime.safeParse(value);
  const b = compiled.safeParse(value);
  expect(b.success, JSON.stringify(value)?.slice(0, 500)).toBe(a.success);
  if (a.success) expect(b.data).toStrictEqual(a.data);
  else expect(b.error?.issues).toStrictEqual(a.error.issues);
}

describe('compiled request parsers agree with the runtime parser', () => {
  it('finds the JSON bodies of both contracts, and compiles each', () => {
    expect(services[0]!.bodies.map((b) => b.operationId)).toEqual(
      expect.arrayContaining(['createOrder', 'updateOrder', 'createProduct', 'createFulfillment']),
    );
    expect(services[1]!.bodies.length).toBeGreaterThan(0);
    for (const { bodies } of services)
      for (const { operationId, zod } of bodies) expect(compiledSchema(zod), operationId).not.toBe(zod);
  });

  for (const { name, bodies } of services)
    for (const { operationId, zod, yaml } of bodies) {
      const arbs = arbitrariesFor(name);
      const compiled = compiledSchema(zod);
      it(`${name} ${operationId}: valid bodies, each constraint broken, and arbitrary JSON`, () => {
        const valid = fc.oneof(arbs.valid(yaml, true), arbs.valid(yaml));
        fc.assert(
          fc.property(valid, (v) => agree(zod, compiled, v)),
          { numRuns: 30 },
        );
        for (const violation of arbs.violations(yaml))
          fc.assert(
            fc.property(arbs.valid(yaml, true), violation.value ?? fc.constant(undefined), (v, bad) =>
              agree(zod, compiled, applyAt(v, violation.path, violation.op, bad)),
            ),
            { numRuns: 3 },
          );
        fc.assert(
          fc.property(fc.jsonValue(), (v) => agree(zod, compiled, v)),
          { numRuns: 30 },
        );
      });
    }
});
