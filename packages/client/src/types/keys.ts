// The key service's generated types (openapi/keys.yaml → generated/keys/types.ts). The package's build puts
// the file itself here, so that the packed package holds every type it names.
export type * from '../../../../generated/keys/types.js';
