/**
 * What a repository method gives: the value itself (SQLite, whose driver is synchronous) or a
 * promise of it (an engine reached over the network). Callers on a hot path chain with `andThen`
 * below, so that on SQLite a read is answered without a promise; other callers simply `await`.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `next(value)` at once when `value` is at hand, once it settles when it is a promise. (Not named
 * `then`: a module that exports `then` is a thenable, and awaiting its dynamic import calls it.)
 */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
