import type { TokenResponse } from '@tpl/contracts';
import {
  flattenButtons,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
  hasRole,
  passes,
  type Grants,
} from '../../web/src/auth/permissions';
import { isAcceptedStatus, planFailure } from '../../web/src/api/client';
import { sessionState, tokenMarker, type Session } from '../../web/src/auth/session';
import { canRefresh, isRefreshDue, REFRESH_CHECK_MS, TOKEN_TIME_MS } from '../../web/src/auth/tokenRefresh';
import { firstRegistrationProblem } from '../../web/src/auth/RegistrationDialog';
import { needsRegistration } from '../../web/src/auth/signIn';
import { chunkFailureType, isChunkLoadFailure } from '../../web/src/shell/captureErrors';

const grants = (codes: string[], roles: string[] = ['keeper']): Grants => ({ codes: flattenButtons(codes.map((code) => ({ code }))), roles });

describe('permission helpers (spec 01 section 6)', () => {
  it('flattens the button tree to code -> true', () => {
    expect(flattenButtons([{ code: 'md', children: [{ code: 'unit_add' }, { code: 'unit_edit', children: [{ code: 'deep' }] }] }])).toEqual({
      md: true,
      unit_add: true,
      unit_edit: true,
      deep: true,
    });
  });

  it('passes a held code and refuses one not held', () => {
    const g = grants(['unit_add']);
    expect(hasPermission(g, 'unit_add')).toBe(true);
    expect(hasPermission(g, 'unit_delete')).toBe(false);
  });

  it('any of / all of', () => {
    const g = grants(['unit_add', 'unit_edit']);
    expect(hasAnyPermission(g, ['unit_delete', 'unit_edit'])).toBe(true);
    expect(hasAnyPermission(g, ['unit_delete', 'unit_export'])).toBe(false);
    expect(hasAnyPermission(g, [])).toBe(false);
    expect(hasAllPermissions(g, ['unit_add', 'unit_edit'])).toBe(true);
    expect(hasAllPermissions(g, ['unit_add', 'unit_delete'])).toBe(false);
    expect(hasAllPermissions(g, [])).toBe(true);
  });

  it('the all-access wildcard passes every permission check, not role checks', () => {
    const g = grants(['*']);
    expect(hasPermission(g, 'anything_at_all')).toBe(true);
    expect(hasAllPermissions(g, ['a', 'b'])).toBe(true);
    expect(hasRole(g, 'finance')).toBe(false);
  });

  it('roles: has, any of, all of; the admin role passes everything', () => {
    const g = grants([], ['keeper', 'auditor']);
    expect(hasRole(g, 'keeper')).toBe(true);
    expect(hasRole(g, 'finance')).toBe(false);
    expect(hasAnyRole(g, ['finance', 'auditor'])).toBe(true);
    expect(hasAnyRole(g, ['finance'])).toBe(false);
    expect(hasAllRoles(g, ['keeper', 'auditor'])).toBe(true);
    expect(hasAllRoles(g, ['keeper', 'finance'])).toBe(false);
    const admin = grants([], ['admin']);
    expect(hasPermission(admin, 'unit_delete')).toBe(true);
    expect(hasAllPermissions(admin, ['x', 'y'])).toBe(true);
    expect(hasRole(admin, 'finance')).toBe(true);
    expect(hasAllRoles(admin, ['finance', 'keeper'])).toBe(true);
  });

  it('the <Permission> conditions: every given one must pass; none given shows', () => {
    const g = grants(['unit_add'], ['keeper']);
    expect(passes(g, {})).toBe(true);
    expect(passes(g, { code: 'unit_add', role: 'keeper' })).toBe(true);
    expect(passes(g, { code: 'unit_add', role: 'finance' })).toBe(false);
    expect(passes(g, { anyOf: ['x', 'unit_add'], allRoles: ['keeper'] })).toBe(true);
    expect(passes(g, { allOf: ['unit_add', 'x'] })).toBe(false);
    expect(passes(g, { anyRole: ['finance', 'auditor'] })).toBe(false);
  });
});

describe('HTTP client failure rules (spec 01 section 8)', () => {
  it('accepts HTTP 200 to 500 so the body code decides', () => {
    expect([199, 200, 401, 500, 502].map(isAcceptedStatus)).toEqual([false, true, true, true, false]);
  });

  it('a 401 signs out; its toast shows only for the first of each run of five', () => {
    const toasts = Array.from({ length: 12 }, (_, n) => planFailure(401, {}, n).toast);
    expect(toasts).toEqual([true, false, false, false, false, true, false, false, false, false, true, false]);
    expect(planFailure(401, {}, 3).signOut).toBe(true);
  });

  it('a 401 of a call made before signing in (wrong password) signs nobody out', () => {
    expect(planFailure(401, { auth: false, notify: false }, 0)).toEqual({ signOut: false, toast: false, log: false });
    expect(planFailure(401, { auth: false }, 0)).toEqual({ signOut: false, toast: true, log: false });
  });

  it('a whitelisted code rejects silently; other codes toast unless the caller shows them', () => {
    expect(planFailure(409, {}, 0, [409])).toEqual({ signOut: false, toast: false, log: false });
    expect(planFailure(409, {}, 0, [])).toEqual({ signOut: false, toast: true, log: false });
    expect(planFailure(400, { notify: false }, 0)).toEqual({ signOut: false, toast: false, log: false });
  });

  it('network failures, timeouts and server faults nobody handles go to the local error log; refusals do not', () => {
    expect(planFailure(0, {}, 0).log).toBe(true);
    expect(planFailure(500, {}, 0).log).toBe(true);
    expect(planFailure(500, { notify: false }, 0).log).toBe(false);
    expect([400, 403, 404, 409].map((c) => planFailure(c, {}, 0).log)).toEqual([false, false, false, false]);
  });
});

const token = (over: Partial<TokenResponse> = {}): TokenResponse => ({
  accessToken: 'header.payload.signature-of-the-token',
  tokenType: 'bearer',
  refreshToken: 'refresh',
  expiresIn: 7200,
  tenantId: '100001',
  userId: '1',
  account: 'dispatcher',
  userName: 'Dora',
  avatar: '',
  oauthId: '',
  openCodeCheck: false,
  roles: ['dispatcher'],
  ...over,
});

describe('session states and the token cookie (spec 01 sections 4, 8, 9)', () => {
  it('none, empty token, stale (cookie gone), valid', () => {
    const s: Session = { token: token(), issuedAt: 0 };
    expect(sessionState(null, true)).toBe('none');
    expect(sessionState({ ...s, token: token({ accessToken: ' ' }) }, true)).toBe('empty');
    expect(sessionState(s, false)).toBe('stale');
    expect(sessionState(s, true)).toBe('valid');
  });

  it('the cookie keeps a marker of the token, not the token', () => {
    const marker = tokenMarker(token().accessToken);
    expect(marker).toHaveLength(16);
    expect(token().accessToken.endsWith(marker)).toBe(true);
    expect(marker).not.toBe(token().accessToken);
  });
});

describe('token refresh timing (spec 01 section 9)', () => {
  it('checks every 6 minutes and refreshes once the token is 60 minutes old', () => {
    expect(REFRESH_CHECK_MS).toBe(360_000);
    expect(TOKEN_TIME_MS).toBe(3_600_000);
    const s: Session = { token: token(), issuedAt: 1_000_000 };
    expect(isRefreshDue(s, 1_000_000 + TOKEN_TIME_MS - 1)).toBe(false);
    expect(isRefreshDue(s, 1_000_000 + TOKEN_TIME_MS)).toBe(true);
  });

  it('stops without a token or a refresh token', () => {
    expect(canRefresh(null)).toBe(false);
    expect(canRefresh({ token: token({ refreshToken: '' }), issuedAt: 0 })).toBe(false);
    expect(canRefresh({ token: token({ accessToken: '' }), issuedAt: 0 })).toBe(false);
    expect(canRefresh({ token: token(), issuedAt: 0 })).toBe(true);
  });
});

describe('registration dialog (spec 01 section 5)', () => {
  const ok = { tenantId: '100001', name: 'Lin', account: 'lin', password: 'a', password2: 'a' };

  it('checks in order: tenant, account, passwords present, passwords equal', () => {
    expect(firstRegistrationProblem({ ...ok, tenantId: '', account: '', password: '' })).toBe('signin.register.tenantRequired');
    expect(firstRegistrationProblem({ ...ok, account: ' ', password: '' })).toBe('signin.register.accountRequired');
    expect(firstRegistrationProblem({ ...ok, password: '', password2: 'b' })).toBe('signin.register.passwordRequired');
    expect(firstRegistrationProblem({ ...ok, password2: '' })).toBe('signin.register.passwordRequired');
    expect(firstRegistrationProblem({ ...ok, password2: 'b' })).toBe('signin.register.mismatch');
    expect(firstRegistrationProblem(ok)).toBeNull();
  });

  it('opens only for an empty or negative userId', () => {
    expect(['', '  ', '-1', '-7'].map(needsRegistration)).toEqual([true, true, true, true]);
    expect(needsRegistration(undefined)).toBe(true);
    expect(['1', '0', 'b2f0c0de-0000-4000-8000-000000000000'].map(needsRegistration)).toEqual([false, false, false]);
  });
});

describe('error capture types', () => {
  it('tells a failed script chunk from a failed stylesheet', () => {
    const script = new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-abc.js');
    const css = new Error('Unable to preload CSS for /assets/Page-abc.css');
    expect(isChunkLoadFailure(script)).toBe(true);
    expect(isChunkLoadFailure(css)).toBe(true);
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(chunkFailureType(script)).toBe('ChunkLoadError');
    expect(chunkFailureType(css)).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(chunkFailureType({ code: 'CSS_CHUNK_LOAD_FAILED', message: 'x' })).toBe('CSS_CHUNK_LOAD_FAILED');
  });
});
