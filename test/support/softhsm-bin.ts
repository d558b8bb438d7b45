import { existsSync } from 'node:fs';

/** SoftHSM2 from Debian's `softhsm2` package: its PKCS#11 library and its token tool. */
export const SOFTHSM_MODULE = process.env.SOFTHSM2_MODULE || '/usr/lib/softhsm/libsofthsm2.so';
export const SOFTHSM_UTIL = '/usr/bin/softhsm2-util';

export const softhsmAvailable = () => existsSync(SOFTHSM_MODULE) && existsSync(SOFTHSM_UTIL);

/** Why the token runs are skipped here (outside CI; under CI a missing SoftHSM2 fails the run). */
export const SOFTHSM_MISSING = `SoftHSM2 is not installed (apt-get install -y softhsm2: ${SOFTHSM_MODULE}, ${SOFTHSM_UTIL})`;
