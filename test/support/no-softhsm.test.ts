import { describe, it } from 'vitest';
import { SOFTHSM_MISSING } from './softhsm-bin.js';

// What the pkcs11 project runs when SoftHSM2 is not installed (outside CI): one suite that says so.
describe(`key-service suite on a SoftHSM2 token: SKIPPED, ${SOFTHSM_MISSING}`, () => {
  it.skip('runs test/keys with the root in a token (apt-get install -y softhsm2)', () => {});
});
