import { createHash } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { DevOidcRecordRow, DevProviderRepository } from '../repository.js';
import type { SealedModule } from '../sealed/sealed-module.js';

type AdapterPayload = Record<string, unknown>;

/** oidc-provider's Adapter without `findByUserCode`, which only the device flow (not enabled here) calls. */
interface OidcAdapter {
  upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
  find(id: string): Promise<AdapterPayload | undefined>;
  findByUid(uid: string): Promise<AdapterPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** As oidc-provider's own memory adapter lists them. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
// Ids are session ids and codes, so only their hashes are stored.
const recordKey = (model: string, id: string) => sha256(`${model}\n${id}`);
// Binds a sealed payload to its record, so that it cannot be moved to another.
const aad = (row: { model: string; id: string }) => `keygen/dev-oidc-record|${row.model}|${row.id}`;

/** In the database, so that every instance shares them; `clock` must be real time, as oidc-provider's `exp` is. */
export function devProviderAdapter(records: DevProviderRepository, sealed: SealedModule, clock: Clock) {
  const open = async (row: DevOidcRecordRow | undefined): Promise<AdapterPayload | undefined> => {
    if (!row) return undefined;
    const plain = await sealed.unseal(row.payload, aad(row));
    if (!plain) return undefined;
    const payload = JSON.parse(plain.toString('utf8')) as AdapterPayload;
    if (row.consumedAt) payload.consumed = Math.floor(Date.parse(row.consumedAt) / 1000);
    return payload;
  };

  return class DevProviderAdapter implements OidcAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) {
        throw new TypeError(`The development provider's ${this.model} records need a lifetime.`);
      }
      const key = recordKey(this.model, id);
      const { uid, grantId } = payload;
      const sealedPayload = await sealed.seal(
        Buffer.from(JSON.stringify(payload), 'utf8'),
        aad({ model: this.model, id: key }),
      );
      await records.upsert({
        id: key,
        model: this.model,
        payload: sealedPayload,
        uid: typeof uid === 'string' ? sha256(uid) : null,
        grantId: GRANTABLE.has(this.model) && typeof grantId === 'string' ? sha256(grantId) : null,
        expiresAt: new Date(clock.now().getTime() + expiresIn * 1000).toISOString(),
      });
    }

    async find(id: string) {
      return open(await records.find(recordKey(this.model, id), clock.now()));
    }

    async findByUid(uid: string) {
      return open(await records.findByUid(this.model, sha256(uid), clock.now()));
    }

    async consume(id: string) {
      await records.consume(recordKey(this.model, id), clock.now());
    }

    async destroy(id: string) {
      await records.destroy(recordKey(this.model, id));
    }

    async revokeByGrantId(grantId: string) {
      await records.revokeByGrantId(sha256(grantId));
    }
  };
}
