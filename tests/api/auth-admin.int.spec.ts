import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { ErrorLogRow, LicenseInfo, LoginOptions, Page } from '@tpl/contracts';
import { data, md5, type ApiClient } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

const SCRIPT = path.resolve(__dirname, '..', '..', 'scripts', 'license.mjs');
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-license-'));
const script = (...args: string[]) => execFileSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' }).trim();
/** A licence made the way an operator makes one: scripts/license.mjs. */
const signLicense = (key: string, overrides: string[] = []) =>
  script('sign', '--key', key, '--licensee', 'Harbor Logistics', '--edition', 'enterprise', '--issued', '2026-01-01', '--expires', '2099-12-31', '--id', 'L-TEST-1', '--limit', 'tenants=20', ...overrides);

describe('licence, error logs and login options (embedded store)', () => {
  let t: TestHost;
  let platform: ApiClient;
  let tenantAdmin: ApiClient;
  let trustedKey: string;
  let otherKey: string;

  beforeAll(async () => {
    script('keygen', path.join(keyDir, 'trusted'));
    script('keygen', path.join(keyDir, 'other'));
    trustedKey = path.join(keyDir, 'trusted', 'license-private.pem');
    otherKey = path.join(keyDir, 'other', 'license-private.pem');
    process.env.LICENSE_PUBLIC_KEYS_FILE = path.join(keyDir, 'trusted', 'license-public.pem');
    t = await startTestHost('embedded');
    delete process.env.LICENSE_PUBLIC_KEYS_FILE;
    platform = await t.client().as('000000', 'admin', 'admin');
    tenantAdmin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('imports a signed licence (platform administrators only) and reports it; bad ones are refused and nothing is stored', async () => {
    expect(data(await tenantAdmin.get<LicenseInfo>('/api/bl-auth/license')).status).toBe('none');
    const good = signLicense(trustedKey);
    expect((await tenantAdmin.post(`/api/bl-auth/importLicense/${good}`)).status).toBe(403);
    expect((await (await t.client().as('100001', 'dispatcher')).post(`/api/bl-auth/importLicense/${good}`)).status).toBe(403);

    const forged = signLicense(otherKey);
    platform.lang = 'zh-CN';
    expect(await platform.post(`/api/bl-auth/importLicense/${forged}`)).toMatchObject({ status: 400, body: { msg: '许可证签名无效：不是由受信任的签发方签发的' } });
    platform.lang = 'en';
    expect((await platform.post('/api/bl-auth/importLicense/not-a-licence')).body.msg).toBe('The licence is malformed; check that it was copied whole');
    const expired = signLicense(trustedKey, ['--expires', '2020-12-31', '--issued', '2020-01-01']);
    expect(await platform.post(`/api/bl-auth/importLicense/${expired}`)).toMatchObject({ status: 400, body: { msg: 'The licence expired on 2020-12-31 and cannot be imported' } });
    platform.lang = 'zh-TW';
    expect((await platform.post(`/api/bl-auth/importLicense/${forged}`)).body.msg).toBe('許可證簽名無效：不是由受信任的簽發方簽發的');
    platform.lang = 'en';
    expect(data(await platform.get<unknown[]>('/api/bl-auth/license/history'))).toEqual([]);

    const installed = data(await platform.post<LicenseInfo>(`/api/bl-auth/importLicense/${good}`));
    expect(installed).toMatchObject({ status: 'valid', id: 'L-TEST-1', licensee: 'Harbor Logistics', edition: 'enterprise', expires: '2099-12-31', limits: { tenants: 20 }, importedBy: '平台管理员' });
    // every signed-in user may see what is installed
    expect(data(await tenantAdmin.get<LicenseInfo>('/api/bl-auth/license'))).toMatchObject({ status: 'valid', licensee: 'Harbor Logistics' });
    const history = data(await platform.get<{ type: string; actor: { account: string } }[]>('/api/bl-auth/license/history'));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ type: 'LicenseImported', actor: { account: 'admin' } });
    expect((await tenantAdmin.get('/api/bl-auth/license/history')).status).toBe(403);
  });

  it('lists the tenant\'s own uploaded error logs and packs them in a zip', async () => {
    const auditor = await t.client().as('100001', 'auditor');
    const other = await t.client().as('100002', 'dispatcher');
    data(await auditor.post('/api/bl-system/error-log/upload', [
      { type: 'error', url: '/transport/consignment', message: 'Cannot read properties of undefined', stack: 'TypeError\n  at List', time: '2026-11-23 08:00:00' },
      { type: 'warn', url: '/md/material', message: 'Slow answer', time: '2026-11-23 08:01:00' },
    ]));
    data(await other.post('/api/bl-system/error-log/upload', [{ type: 'error', url: '/x', message: 'secret of 100002' }]));

    const page = data(await tenantAdmin.get<Page<ErrorLogRow>>('/api/bl-system/error-log/list?size=10'));
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.message)).toEqual(['Slow answer', 'Cannot read properties of undefined']);
    expect(page.records[0]).toMatchObject({ account: 'auditor', url: '/md/material' });
    expect(data(await tenantAdmin.get<Page<ErrorLogRow>>('/api/bl-system/error-log/list?account=nobody')).total).toBe(0);
    expect((await tenantAdmin.get('/api/bl-system/error-log/list?from=2026-12-01&to=2026-11-01')).status).toBe(400);
    expect((await auditor.get('/api/bl-system/error-log/list')).status).toBe(403);

    const res = await fetch(`${t.url}/api/bl-system/error-log/download-zip`, { headers: tenantAdmin.headers({ datasource: 'console' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(decodeURIComponent(res.headers.get('download-filename')!)).toMatch(/^error-logs-100001-all-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const json = JSON.parse(await zip.file('error-logs.json')!.async('string')) as ErrorLogRow[];
    expect(json.map((e) => e.message)).toEqual(['Cannot read properties of undefined', 'Slow answer']);
    const dayFile = Object.keys(zip.files).find((n) => n.endsWith('.log'))!;
    expect(await zip.file(dayFile)!.async('string')).toContain('Cannot read properties of undefined');
    expect(JSON.stringify(json)).not.toContain('secret of 100002');

    const unknown = await fetch(`${t.url}/api/bl-system/error-log/download-zip`, { headers: tenantAdmin.headers({ datasource: 'master' }) });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { msg: string }).msg).toBe('Unknown data source: master (available: console)');
    const empty = await fetch(`${t.url}/api/bl-system/error-log/download-zip?from=2000-01-01&to=2000-01-02`, { headers: tenantAdmin.headers() });
    expect(Object.keys((await JSZip.loadAsync(Buffer.from(await empty.arrayBuffer()))).files)).toEqual(['error-logs.json']);
    expect((await fetch(`${t.url}/api/bl-system/error-log/download-zip`, { headers: auditor.headers() })).status).toBe(403);
  });

  it('asks a tenant for a captcha once the platform turns it on in the tenant record', async () => {
    const tenants = data(await platform.get<Page<{ id: string; version: number; tenantId: string }>>('/api/bl-system/tenant/list?tenantId=100002'));
    const body = { tenantId: '100002', tenantName: 'Eastwind Supply Chain', captchaEnabled: 1 };
    if (tenants.records[0]) data(await platform.post('/api/bl-system/tenant/submit', { ...body, id: tenants.records[0].id, version: tenants.records[0].version }));
    else data(await platform.post('/api/bl-system/tenant/submit', body));
    expect(data(await t.client().get<LoginOptions>('/api/bl-auth/login-options?tenantId=100002')).captchaEnabled).toBe(true);
    expect(data(await t.client().get<LoginOptions>('/api/bl-auth/login-options?tenantId=100001')).captchaEnabled).toBe(false);
    const q = (grantType: string) => `/api/bl-auth/token?${new URLSearchParams({ grantType, tenantId: '100002', account: 'dispatcher', password: md5('demo123'), type: 'account' })}`;
    expect(await t.client().post(q('password'))).toMatchObject({ status: 400, body: { msg: 'Please enter the picture code to sign in' } });
    const { CaptchaService } = await import('@tpl/identity');
    const { key, answer } = await t.host.app.get(CaptchaService).createWithAnswer();
    expect((await t.client().post(q('captcha'), undefined, { 'Captcha-Key': key, 'Captcha-Code': answer })).status).toBe(200);
    // other tenants are unchanged
    expect((await t.client().signIn('100001', 'dispatcher', 'demo123')).account).toBe('dispatcher');
  });
});

describe('captcha for every tenant, phone sign-in off (environment)', () => {
  let t: TestHost;
  beforeAll(async () => {
    process.env.CAPTCHA_ENABLED = 'true';
    process.env.SMS_ENABLED = 'false';
    t = await startTestHost('embedded');
    delete process.env.CAPTCHA_ENABLED;
    delete process.env.SMS_ENABLED;
  }, 300_000);
  afterAll(async () => t?.stop());

  it('says so in the login options and refuses the plain password grant and the phone calls', async () => {
    const c = t.client();
    expect(data(await c.get<LoginOptions>('/api/bl-auth/login-options?tenantId=100001'))).toEqual({ captchaEnabled: true, smsEnabled: false, socialProviders: [] });
    expect((await c.post(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'password', tenantId: '100001', account: 'admin', password: md5('admin') })}`)).status).toBe(400);
    expect(await c.post('/api/bl-auth/sms/send?tenantId=100001&phone=13912340000')).toMatchObject({ status: 400, body: { msg: 'Sign-in by phone is not enabled' } });
    expect((await c.post(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'sms', tenantId: '100001', phone: '13912340000', code: '123456' })}`)).status).toBe(400);
  });
});
