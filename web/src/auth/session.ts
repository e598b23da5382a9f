import { useSyncExternalStore } from 'react';
import type { TokenResponse } from '@tpl/contracts';

/**
 * The signed-in session: the token answer of /api/bl-auth/token plus when it was issued
 * (to know when to refresh). Kept in localStorage so a reload stays signed in; other tabs
 * follow through the storage event.
 */
export type Session = { token: TokenResponse; issuedAt: number };

const STORAGE_KEY = 'tpl.session';
const listeners = new Set<() => void>();

const isSession = (value: unknown): value is Session => {
  if (typeof value !== 'object' || value === null) return false;
  const { token, issuedAt } = value as Partial<Session>;
  return typeof issuedAt === 'number' && typeof token?.accessToken === 'string' && Array.isArray(token.roles);
};

const read = (): Session | null => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

let current: Session | null = typeof localStorage === 'undefined' ? null : read();

const emit = () => listeners.forEach((listener) => listener());

export const getSession = (): Session | null => current;

export const setSession = (token: TokenResponse, issuedAt = Date.now()): void => {
  current = { token, issuedAt };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  emit();
};

export const clearSession = (): void => {
  if (current === null) return;
  current = null;
  localStorage.removeItem(STORAGE_KEY);
  emit();
};

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    emit();
  });
}

export const useSession = (): Session | null => useSyncExternalStore(subscribeSession, getSession);
