/**
 * The operation table of one contract, generated from its YAML: each operationId imports the
 * handler of the same name from the file named after it (`getOrder` from `get-order.ts`), so an
 * operation added to the YAML fails `npm run typecheck` until its file exists, and the table is
 * typed against the generated routes (`OperationTable`), so a handler's route must be its own.
 */

import { operationsOf } from './routes.js';

type Json = Record<string, unknown>;

/** Where each service keeps its operation files, and the names its table is typed with. */
interface ServiceLayout {
  /** The service's folder, from the repository's root. */
  dir: string;
  /** The folder of an operation's file inside `dir`, from the operation's first tag. */
  folder: (tag: string) => string;
  table: string;
  env: string;
  deps: string;
}

const LAYOUTS: Record<string, ServiceLayout> = {
  orders: {
    dir: 'src/commerce',
    folder: (tag) => tag.toLowerCase(),
    table: 'ordersOperations',
    env: 'OrdersEnv',
    deps: 'OrdersOperationDeps',
  },
  keys: {
    dir: 'src/keys',
    folder: () => 'operations',
    table: 'keysOperations',
    env: 'KeysEnv',
    deps: 'KeysOperationDeps',
  },
};

/** `updateFulfillmentStatus` → `update-fulfillment-status`. */
export const fileNameOf = (operationId: string) => operationId.replaceAll(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The module text of generated/<name>/operations.ts, or undefined for a contract with no layout here. */
export function operationTableFor(name: string, doc: Json): string | undefined {
  const layout = LAYOUTS[name];
  if (!layout) return undefined;
  const ops = [...operationsOf(doc)].map(({ op }) => {
    const { operationId: id, tags } = op as { operationId: string; tags?: string[] };
    const tag = tags?.[0];
    if (!tag) throw new Error(`${name}: operation ${id} has no tag to place its file by`);
    return { id, file: `${layout.folder(tag)}/${fileNameOf(id)}` };
  });
  const src = `../../${layout.dir}`;
  return [
    `import type { OperationTable } from '../../src/shared/operation.js';`,
    `import type { ${layout.deps}, ${layout.env} } from '${src}/context.js';`,
    `import type * as routes from './routes.js';`,
    ...ops.map((op) => `import { ${op.id} } from '${src}/${op.file}.js';`),
    '',
    `/** Every operation of openapi/${name}.yaml with its handler, from the file named after its operationId. */`,
    `export const ${layout.table} = {`,
    ...ops.map((op) => `  ${op.id},`),
    `} satisfies OperationTable<typeof routes, ${layout.env}, ${layout.deps}>;`,
    '',
  ].join('\n');
}
