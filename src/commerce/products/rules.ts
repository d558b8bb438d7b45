import type { ErrorDetail } from '../errors.js';
import type { ProductCreate } from './repository.js';

/** The rules of a product beyond its schema, as the YAML describes them on createProduct: distinct variant source_ids. */
export function variantProblems(variants: ProductCreate['variants'] | undefined): ErrorDetail[] {
  const seen = new Set<string>();
  const problems: ErrorDetail[] = [];
  (variants ?? []).forEach((v, i) => {
    if (seen.has(v.source_id))
      problems.push({ path: `variants[${i}].source_id`, info: "Must differ from the other variants' source_id." });
    seen.add(v.source_id);
  });
  return problems;
}
