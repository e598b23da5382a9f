import { profileOf } from './social.service';

describe('the useroauth record from OIDC claims', () => {
  it('maps the standard claims to the spec fields (username, nickname, avatar, blog, company, location, email, gender)', () => {
    expect(
      profileOf('corp', {
        sub: '248289761001',
        preferred_username: 'j.doe',
        name: 'Jane Doe',
        picture: 'https://corp.example/j.png',
        website: 'https://jane.example',
        organization: 'Harbor Logistics',
        address: { locality: 'Shanghai' },
        email: 'jane@corp.example',
        gender: 'female',
      }),
    ).toEqual({
      source: 'corp',
      uuid: '248289761001',
      username: 'j.doe',
      nickname: 'Jane Doe',
      avatar: 'https://corp.example/j.png',
      blog: 'https://jane.example',
      company: 'Harbor Logistics',
      location: 'Shanghai',
      email: 'jane@corp.example',
      gender: 'female',
    });
  });

  it('falls back sensibly when a provider says little, and drops what does not fit', () => {
    expect(profileOf('corp', { sub: 'abc' })).toEqual({ source: 'corp', uuid: 'abc', username: 'abc', nickname: 'abc' });
    const p = profileOf('corp', { sub: 'x'.repeat(200), email: 'not an email', name: 'n'.repeat(300), picture: 42 });
    expect(p.uuid).toHaveLength(64);
    expect(p.nickname).toHaveLength(100);
    expect(p.email).toBeUndefined();
    expect(p.avatar).toBeUndefined();
    expect(profileOf('corp', { sub: 's', email: 'only@mail.example' }).username).toBe('only@mail.example');
  });
});
