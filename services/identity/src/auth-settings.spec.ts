import { AuthSettings } from './auth-settings';

const provider = { source: 'corp', name: 'Corp SSO', issuer: 'https://sso.corp.example', clientId: 'c', clientSecret: 's' };

describe('auth settings from the environment', () => {
  it('has captcha off, SMS on and no providers by default (spec 01: captcha off)', () => {
    const s = new AuthSettings({});
    expect([s.captchaForAll, s.smsEnabled, s.providers, s.publicUrl, s.licenseKeys]).toEqual([false, true, [], undefined, []]);
  });

  it('reads switches, the public URL and providers, with their tenants', () => {
    const s = new AuthSettings({
      CAPTCHA_ENABLED: 'true',
      SMS_ENABLED: 'off',
      PUBLIC_URL: 'https://console.example/',
      OAUTH_PROVIDERS: JSON.stringify([provider, { ...provider, source: 'partner', tenants: ['100002'] }]),
    });
    expect([s.captchaForAll, s.smsEnabled, s.publicUrl]).toEqual([true, false, 'https://console.example']);
    expect(s.providersFor('100001').map((p) => p.source)).toEqual(['corp']);
    expect(s.providersFor('100002').map((p) => p.source)).toEqual(['corp', 'partner']);
    expect(s.provider('partner', '100001')).toBeUndefined();
    expect(s.provider('corp', '100001')?.scope).toBe('openid profile email');
  });

  it('refuses to start on a malformed provider list rather than hide a sign-in button', () => {
    expect(() => new AuthSettings({ OAUTH_PROVIDERS: '[{' })).toThrow('not valid JSON');
    expect(() => new AuthSettings({ OAUTH_PROVIDERS: JSON.stringify([{ ...provider, source: 'Bad Source' }]) })).toThrow('OAUTH_PROVIDERS');
    expect(() => new AuthSettings({ OAUTH_PROVIDERS: JSON.stringify([provider, provider]) })).toThrow('configured twice');
  });

  it('takes licence keys as PEM blocks or base64, several at once', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAlyFM+3T4EyEGV4zJV+T8FXErnCQhlztrlWV/eDPYAos=\n-----END PUBLIC KEY-----';
    expect(new AuthSettings({ LICENSE_PUBLIC_KEYS: `${pem}\n${pem}` }).licenseKeys).toHaveLength(2);
    expect(new AuthSettings({ LICENSE_PUBLIC_KEYS: 'AAA,BBB' }).licenseKeys).toEqual(['AAA', 'BBB']);
  });
});
