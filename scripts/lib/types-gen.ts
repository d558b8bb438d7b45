// The TypeScript of a contract (openapi-typescript), as `npm run generate` writes it to
// generated/<name>/types.ts; spec:diff generates both sides of a review with it.
import openapiTS, { astToString } from 'openapi-typescript';

export const typesBanner = (spec: string) =>
  `// Generated from openapi/${spec} by \`npm run generate\`. Do not edit by hand.\n\n`;

const cache = new Map<string, Promise<string>>();

/** The types of a document given as a file URL or as the parsed document itself (remembered by content). */
export function typesFor(source: URL | Record<string, unknown>): Promise<string> {
  if (source instanceof URL) return render(source);
  const key = JSON.stringify(source);
  let types = cache.get(key);
  if (!types) {
    if (cache.size > 8) cache.clear();
    types = render(source);
    cache.set(key, types);
  }
  return types;
}

async function render(source: URL | Record<string, unknown>): Promise<string> {
  // structuredClone: openapi-typescript annotates the object it is given.
  const input =
    source instanceof URL ? source : (structuredClone(source) as unknown as Parameters<typeof openapiTS>[0]);
  const ast = await openapiTS(input, {
    // Unknown properties are rejected where the YAML says so, and absent where it does not.
    additionalProperties: false,
    alphabetize: false,
    exportType: true,
    silent: true,
  });
  return astToString(ast);
}
