import type { Metrics } from '../../shared/metrics.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { SealedModule } from './sealed-module.js';

type Observe = (operation: string, backend: string) => <T>(run: () => MaybePromise<T>) => MaybePromise<T>;

/** An answer given at once stays at once, so that the file backend's callers keep their synchronous path. */
export function instrumentSealedModule(sealed: SealedModule, metrics: Pick<Metrics, 'sealedOperation'>): SealedModule {
  const observe: Observe = (operation, backend) => (run) => {
    const start = performance.now();
    const done = (failed: boolean) =>
      metrics.sealedOperation(backend, operation, (performance.now() - start) / 1000, failed);
    let out;
    try {
      out = run();
    } catch (err) {
      done(true);
      throw err;
    }
    if (!(out instanceof Promise)) {
      done(false);
      return out;
    }
    return out.then(
      (value) => {
        done(false);
        return value;
      },
      (err: unknown) => {
        done(true);
        throw err;
      },
    );
  };
  return {
    get current() {
      return sealed.current;
    },
    get alwaysAvailable() {
      return sealed.alwaysAvailable;
    },
    roots: () => sealed.roots(),
    derive: (opts) => observe('derive', opts.root.backend)(() => sealed.derive(opts)),
    seal: (plaintext, aad) => observe('seal', sealed.current.backend)(() => sealed.seal(plaintext, aad)),
    unseal: (value, aad) => observe('unseal', sealed.current.backend)(() => sealed.unseal(value, aad)),
    mac: (opts) => observe('mac', opts.root.backend)(() => sealed.mac(opts)),
    close: () => sealed.close(),
  };
}
