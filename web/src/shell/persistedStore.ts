import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage that React components subscribe to, shared by the shell's
 * small stores (error log, lock, tabs). Other browser tabs follow through the storage event.
 */
export type PersistedStore<T> = {
  get: () => T;
  set: (next: T | ((previous: T) => T)) => void;
  /** Reads the stored value again (another tab may have changed it a moment ago); tells subscribers when it differs. */
  reload: () => T;
  subscribe: (listener: () => void) => () => void;
  use: () => T;
};

export const persistedStore = <T>(key: string, initial: T, isValid: (value: unknown) => value is T): PersistedStore<T> => {
  const listeners = new Set<() => void>();
  const read = (): T => {
    if (typeof localStorage === 'undefined') return initial;
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      return isValid(parsed) ? parsed : initial;
    } catch {
      return initial;
    }
  };
  let current = read();
  const emit = () => listeners.forEach((listener) => listener());
  const get = () => current;
  const set: PersistedStore<T>['set'] = (next) => {
    current = typeof next === 'function' ? (next as (previous: T) => T)(current) : next;
    if (typeof localStorage !== 'undefined') localStorage.setItem(key, JSON.stringify(current));
    emit();
  };
  const reload = () => {
    const stored = read();
    if (JSON.stringify(stored) !== JSON.stringify(current)) {
      current = stored;
      emit();
    }
    return current;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      // key null: another tab cleared the whole storage
      if (event.key !== key && event.key !== null) return;
      current = read();
      emit();
    });
  }
  return { get, set, reload, subscribe, use: () => useSyncExternalStore(subscribe, get) };
};
