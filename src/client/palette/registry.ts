/**
 * A tiny external store of entries that mounted components add and remove (commands,
 * shortcuts). Snapshots are immutable arrays in registration order, for useSyncExternalStore.
 */
export interface Registry<T> {
  /** Adds the entries; returns the function that removes exactly them. */
  add: (entries: readonly T[]) => () => void;
  /** Sets the entries of `key`, keeping its place when it is already there. */
  put: (key: symbol, entries: readonly T[]) => void;
  remove: (key: symbol) => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly T[];
}

export function createRegistry<T>(): Registry<T> {
  const groups = new Map<symbol, readonly T[]>();
  const listeners = new Set<() => void>();
  let snapshot: readonly T[] = [];
  const changed = () => {
    snapshot = Array.from(groups.values()).flat();
    for (const listener of listeners) listener();
  };
  const put = (key: symbol, entries: readonly T[]) => {
    if (groups.get(key) === entries) return;
    groups.set(key, entries);
    changed();
  };
  const remove = (key: symbol) => {
    if (groups.delete(key)) changed();
  };
  return {
    add(entries) {
      const key = Symbol('registration');
      put(key, entries);
      return () => remove(key);
    },
    put,
    remove,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
  };
}
