import { apiAllowed, pathOf } from './api-permissions';

const scopes = [
  { code: 'md-read', url: '/api/bl-basic/**/list', all: false },
  { code: 'users', url: '/api/bl-system/user/**', all: false },
  { code: 'one', url: '/api/bl-basic/*/export', all: false },
];

describe('API permissions', () => {
  it('leaves URLs no permission covers open to every signed-in user', () => {
    expect(apiAllowed(scopes, new Set(), '/api/bl-transport/consignment/list')).toBe(true);
    expect(apiAllowed([], new Set(), '/api/bl-system/user/list')).toBe(true);
  });

  it('lets only a role granted a covering permission call a covered URL', () => {
    expect(apiAllowed(scopes, new Set(), '/api/bl-system/user/list')).toBe(false);
    expect(apiAllowed(scopes, new Set(['md-read']), '/api/bl-system/user/list')).toBe(false);
    expect(apiAllowed(scopes, new Set(['users']), '/api/bl-system/user/list')).toBe(true);
    expect(apiAllowed(scopes, new Set(['users']), '/api/bl-system/user/reset-password')).toBe(true);
    expect(apiAllowed(scopes, new Set(['md-read']), '/api/bl-basic/material/list')).toBe(true);
  });

  it('matches * within one segment and ** across segments, case and trailing slashes aside', () => {
    expect(apiAllowed(scopes, new Set(), '/api/bl-basic/material/export')).toBe(false);
    expect(apiAllowed(scopes, new Set(['one']), '/api/bl-basic/material/export')).toBe(true);
    expect(apiAllowed([{ code: 'one', url: '/api/bl-basic/*/export', all: false }], new Set(), '/api/bl-basic/a/b/export')).toBe(true);
    expect(apiAllowed(scopes, new Set(), '/API/BL-SYSTEM/USER/LIST')).toBe(false);
    expect(apiAllowed(scopes, new Set(), pathOf('/api/bl-system//user/list/?x=1'))).toBe(false);
    expect(apiAllowed(scopes, new Set(), pathOf('/api/bl-system/%75ser/list'))).toBe(false);
  });

  it('covers every URL with a permission of type ALL', () => {
    const all = [{ code: 'everything', url: '', all: true }];
    expect(apiAllowed(all, new Set(), '/api/bl-basic/material/list')).toBe(false);
    expect(apiAllowed(all, new Set(['everything']), '/api/bl-basic/material/list')).toBe(true);
  });
});
