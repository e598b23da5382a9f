import { persistedStore } from './persistedStore';

/**
 * Spec 01 section 4: the lock screen. A lock password is set first (kept in this browser
 * only, as a SHA-256 hex, never the typed text), then the shell is locked and every
 * navigation goes to /lock until the password is typed again. Signing in clears the lock.
 */
export type LockState = { passwordHash: string | null; locked: boolean };

const isLockState = (value: unknown): value is LockState =>
  typeof value === 'object' && value !== null && 'locked' in value && typeof (value as LockState).locked === 'boolean';

const store = persistedStore<LockState>('tpl.lock', { passwordHash: null, locked: false }, isLockState);

export const getLock = store.get;
export const useLock = store.use;

const sha256 = async (text: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/** Sets the lock password and locks the shell. */
export const lockWith = async (password: string): Promise<void> => {
  const passwordHash = await sha256(password);
  store.set({ passwordHash, locked: true });
};

/** Locks with the password already set; false when none is set yet (ask for one first). */
export const lockAgain = (): boolean => {
  const { passwordHash } = store.get();
  if (!passwordHash) return false;
  store.set({ passwordHash, locked: true });
  return true;
};

/** Unlocks when the password matches; false otherwise. */
export const unlock = async (password: string): Promise<boolean> => {
  const { passwordHash } = store.get();
  if (!passwordHash || (await sha256(password)) !== passwordHash) return false;
  store.set({ passwordHash, locked: false });
  return true;
};

/** Signing in (or out) clears the lock and its password. */
export const clearLock = (): void => store.set({ passwordHash: null, locked: false });
