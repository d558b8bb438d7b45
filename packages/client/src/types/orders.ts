// The order service's generated types (openapi/orders.yaml → generated/orders/types.ts). The package's build puts
// the file itself here, so that the packed package holds every type it names.
export type * from '../../../../generated/orders/types.js';
