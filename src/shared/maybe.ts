/** SQLite's driver is synchronous, so hot paths chain with `andThen` to answer what SQLite does at once without a promise. */
export type MaybePromise<T> = T | Promise<T>;

/** Not named `then`: a module exporting `then` is a thenable, and awaiting its dynamic import would call it. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
