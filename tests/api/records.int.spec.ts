import { runAsSystem } from '@tpl/event-store';
import type { EntityDef, FieldDef, Page } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';
import { allEntities, base, ensureRecord, sampleRecord } from '../support/records';

type Row = Record<string, unknown> & { id: string; version: number };

/** A value of the wrong type for a field, and the words its message must contain. */
const badValue = (f: FieldDef): unknown => {
  switch (f.kind) {
    case 'number':
      return 'not-a-number';
    case 'flag':
      return 7;
    case 'enum':
    case 'dict':
    case 'ref':
      return f.kind === 'ref' && f.multiple ? 'x' : { nested: true };
    case 'date':
      return '23/11/2026';
    case 'datetime':
      return 'yesterday';
    case 'mobile':
    case 'plate':
    case 'idCard':
      return '123';
    case 'email':
      return 'not-an-email';
    case 'rows':
      return 'x';
    case 'text':
      return 'x'.repeat((f.max ?? 100) + 1);
    case 'password':
      return 12;
  }
};

/**
 * Generated from each entity's description: the same checks for every entity type the
 * framework serves (embedded store; the framework's SQL is the same on PostgreSQL).
 */
describe('entity framework API, generated per entity', () => {
  let t: TestHost;
  let operatorAdmin: ApiClient;
  let platformAdmin: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    t = await startTestHost('embedded');
    operatorAdmin = await t.client().as('100001', 'admin', 'admin');
    platformAdmin = await t.client().as('000000', 'admin', 'admin');
    admin = operatorAdmin;
  });
  afterAll(async () => t?.stop());

  describe.each(allEntities.map((d) => [d.name, d] as [string, EntityDef]))('%s', (_name, def) => {
    // tenants are managed from the platform tenant; everything else by the operator's administrator
    beforeEach(() => {
      admin = def.name === 'tenant' ? platformAdmin : operatorAdmin;
    });
    it('creates, reads, lists with a filter, updates, refuses a stale version, removes and keeps history', async () => {
      const rec = await sampleRecord(admin, def, { all: true });
      const created = data(await admin.post<{ id: string; version: number }>(`${base(def)}/submit`, rec));
      // a user's password is its own event (PasswordSet) after the creation
      expect(created.version).toBe(def.passwordOnCreate?.length ? 2 : 1);
      const row = data(await admin.get<Row>(`${base(def)}/detail?id=${created.id}`));
      for (const [k, v] of Object.entries(rec)) {
        if (def.fields[k]?.kind === 'password') expect(row[k]).toBeUndefined();
        else expect(row[k]).toEqual(v);
      }
      expect(row.createUser).toBe(def.name === 'tenant' ? '平台管理员' : '租户管理员');

      const filterField = def.codeField ?? Object.keys(def.fields).find((k) => def.fields[k]!.filter);
      if (filterField && typeof rec[filterField] === 'string') {
        const page = data(await admin.get<Page<Row>>(`${base(def)}/list?${new URLSearchParams({ [filterField]: String(rec[filterField]) })}`));
        expect(page.records.map((r) => r.id)).toContain(created.id);
      }
      const all = data(await admin.get<Page<Row>>(`${base(def)}/list?size=50`));
      expect(all.total).toBeGreaterThan(0);

      const remark = `changed ${Date.now()}`;
      const updated = data(await admin.post<{ version: number }>(`${base(def)}/submit`, { ...rec, id: created.id, version: created.version, remark }));
      expect(updated.version).toBeGreaterThan(created.version);
      const stale = await admin.post(`${base(def)}/submit`, { ...rec, id: created.id, version: created.version, remark: 'again' });
      expect(stale.status).toBe(409);

      const history = data(await admin.get<{ type: string; data: { changes?: Record<string, unknown> } }[]>(`${base(def)}/history?id=${created.id}`));
      const kinds = history.map((h) => h.type.replace(/^[A-Za-z]+?(Created|Changed|PasswordSet)$/, '$1')).filter((k) => k !== 'PasswordSet');
      expect(kinds).toEqual(['Created', 'Changed']);
      expect(history.find((h) => h.type.endsWith('Changed'))!.data.changes).toHaveProperty('remark');
      // secrets never reach the history
      expect(JSON.stringify(history)).not.toContain('Secret#123');

      const removed = await admin.post(`${base(def)}/remove?ids=${created.id}`);
      expect(removed.status).toBe(200);
      expect((await admin.get(`${base(def)}/detail?id=${created.id}`)).status).toBe(404);
    });

    if (def.codeField && def.fields[def.codeField]?.kind !== 'ref') {
      it('refuses a duplicate code with a clear 409', async () => {
        const rec = await sampleRecord(admin, def);
        data(await admin.post(`${base(def)}/submit`, rec));
        const dup = await admin.post(`${base(def)}/submit`, rec);
        expect(dup.status).toBe(409);
        expect(dup.body.msg).toContain(String(rec[def.codeField!]));
      });
    }

    it('answers 400 naming the field for a bad value of each field type', async () => {
      const rec = await sampleRecord(admin, def, { all: true });
      const seen = new Set<string>();
      for (const [k, f] of Object.entries(def.fields)) {
        if (f.generated || seen.has(f.kind)) continue;
        seen.add(f.kind);
        const r = await admin.post(`${base(def)}/submit`, { ...rec, [k]: badValue(f) });
        expect(r.status).toBe(400);
        expect(r.body.msg).toContain(f.label[1].split(' (')[0]!);
      }
      for (const [k, f] of Object.entries(def.fields)) {
        if (!f.required || f.generated) continue;
        const { [k]: _drop, ...missing } = rec;
        const r = await admin.post(`${base(def)}/submit`, missing);
        expect(r.status).toBe(400);
        expect(r.body.msg).toMatch(/^Please (input|select)/);
        expect(r.body.msg).toContain(f.label[1].split(' (')[0]!);
        break;
      }
    });
  });

  it('lets only the roles that write an entity change it; everyone reads', async () => {
    admin = operatorAdmin;
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const keeper = await t.client().as('100001', 'keeper');
    const user = allEntities.find((d) => d.name === 'user')!;
    expect((await dispatcher.post(`${base(user)}/submit`, { account: 'sneaky', name: 'Sneaky', password: 'x', roleId: ['admin'] })).status).toBe(403);
    expect((await dispatcher.get(`${base(user)}/list`)).status).toBe(200);
    const unit = allEntities.find((d) => d.name === 'unit')!;
    expect((await keeper.post(`${base(unit)}/submit`, { code: 'KEEPU', name: 'Keeper unit', type: 'QUANTITY', rate: 1 })).status).toBe(200);
    expect((await dispatcher.post(`${base(unit)}/submit`, { code: 'DISPU', name: 'Dispatcher unit', type: 'QUANTITY', rate: 1 })).status).toBe(403);
    const carrier = allEntities.find((d) => d.name === 'basiccarrier')!;
    expect((await dispatcher.post(`${base(carrier)}/submit`, { code: 'CRX', name: 'Carrier X' })).status).toBe(200);
    const tenant = allEntities.find((d) => d.name === 'tenant')!;
    expect((await operatorAdmin.post(`${base(tenant)}/submit`, { tenantId: '100999', tenantName: 'Not yours' })).status).toBe(403);
  });

  it('keeps records of one tenant away from another', async () => {
    admin = operatorAdmin;
    const def = allEntities.find((d) => d.name === 'customer')!;
    const code = await ensureRecord(admin, 'customer');
    const other = await t.client().as('100002', 'dispatcher');
    const page = data(await other.get<Page<Row>>(`${base(def)}/list?code=${code}`));
    expect(page.total).toBe(0);
  });

  it('refuses to remove a record another one refers to, naming the referrer', async () => {
    admin = operatorAdmin;
    const material = allEntities.find((d) => d.name === 'material')!;
    const category = allEntities.find((d) => d.name === 'category');
    if (!category) return;
    const rec = await sampleRecord(admin, material);
    data(await admin.post(`${base(material)}/submit`, rec));
    const cat = data(await admin.get<Page<Row>>(`${base(category)}/list?code=${rec.categoryCode}`)).records[0]!;
    const r = await admin.post(`${base(category)}/remove?ids=${cat.id}`);
    expect(r.status).toBe(409);
    // names a referrer: this material or another one made earlier with the same category
    expect(r.body.msg).toMatch(/^In use by Material "MATE\d+": it cannot be deleted$/);
  });

  it('refuses a reference to a code that does not exist', async () => {
    admin = operatorAdmin;
    const material = allEntities.find((d) => d.name === 'material')!;
    const rec = await sampleRecord(admin, material);
    const r = await admin.post(`${base(material)}/submit`, { ...rec, unitCode: 'NO-SUCH-UNIT' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('NO-SUCH-UNIT');
  });
});

// one host for these (each writes records of its own: a user, a dictionary, a category, files, a serial code)
describe('records of the administration: users, dictionaries, scheduled changes, attachments, serial codes', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded');
  });
  afterAll(async () => t?.stop());

  describe('users made by an administrator', () => {
    it('can sign in at once, must confirm the password, can be reset, and is locked out when removed', async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      const U = '/api/bl-system/user';
      const mismatch = await admin.post(`${U}/submit`, { account: 'newkeeper', name: 'New Keeper', roleId: ['keeper'], password: 'Pa55word!', password2: 'Pa55word?' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.msg).toBe('The two passwords do not match');
      const zh = await admin.post(`${U}/submit`, { account: 'newkeeper', name: 'New Keeper', password: 'a', password2: 'b' }, { 'Accept-Language': 'zh-CN' });
      expect(zh.body.msg).toBe('两次密码输入不一致');

      const created = data(await admin.post<{ id: string; version: number }>(`${U}/submit`, { account: 'newkeeper', name: 'New Keeper', roleId: ['keeper'], password: 'Pa55word!', password2: 'Pa55word!' }));
      const keeper = await t.client().as('100001', 'newkeeper', 'Pa55word!');
      expect(keeper.token?.roles).toEqual(['keeper']);
      const listed = data(await admin.get<Page<Row>>(`${U}/list?account=newkeeper`)).records[0]!;
      expect(listed).not.toHaveProperty('password');
      expect(listed.refNames).toMatchObject({ roleId: '仓管员' });

      // a keeper may not reset passwords; an administrator may
      expect((await keeper.post(`${U}/reset-password?ids=${created.id}`)).status).toBe(403);
      data(await admin.post(`${U}/reset-password?ids=${created.id}`));
      await expect(t.client().as('100001', 'newkeeper', 'Pa55word!')).rejects.toThrow();
      await t.client().as('100001', 'newkeeper', '123456');

      // editing without a password keeps it
      const current = data(await admin.get<Row>(`${U}/detail?id=${created.id}`));
      data(await admin.post(`${U}/submit`, { id: created.id, version: current.version, account: 'newkeeper', name: 'Renamed Keeper', roleId: ['keeper'] }));
      const again = await t.client().as('100001', 'newkeeper', '123456');
      expect(again.token?.userName).toBe('Renamed Keeper');

      const latest = data(await admin.get<Row>(`${U}/detail?id=${created.id}`));
      data(await admin.post(`${U}/remove?ids=${latest.id}`));
      await expect(t.client().as('100001', 'newkeeper', '123456')).rejects.toThrow();
    });

    it("fills a department sign-in does not know yet from the user's record, once (a store from before idn_users kept it)", async () => {
      const { DepartmentBackfill } = await import('@tpl/identity');
      const admin = await t.client().as('100001', 'admin', 'admin');
      const made = data(await admin.post<{ id: string }>('/api/bl-system/user/submit', { account: 'olduser', name: 'Old User', roleId: ['keeper'], deptId: 'HB-WH', password: 'Pa55word!', password2: 'Pa55word!' }));
      const pool = t.host.storage.db.pool;
      const dept = async () => (await runAsSystem(() => pool.query<{ dept_code: string | null }>(`SELECT dept_code FROM idn_users WHERE user_id = $1`, [made.id]))).rows[0]?.dept_code;
      expect(await dept()).toBe('HB-WH');
      // as migration identity/006 finds a store whose users have no department yet
      await runAsSystem(async () => {
        await pool.query(`UPDATE idn_users SET dept_code = NULL WHERE user_id = $1`, [made.id]);
        await pool.query(`INSERT INTO idn_backfills (id) VALUES ('user-departments') ON CONFLICT DO NOTHING`);
      });
      const backfill = t.host.app.get(DepartmentBackfill);
      expect(await backfill.run()).toBeGreaterThanOrEqual(1);
      expect(await dept()).toBe('HB-WH');
      // done once: the pending row is gone, a second run fills nothing
      await runAsSystem(() => pool.query(`UPDATE idn_users SET dept_code = NULL WHERE user_id = $1`, [made.id]));
      expect(await backfill.run()).toBe(0);
      expect(await dept()).toBeNull();
    });

    it('lists the demo users as records', async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      const page = data(await admin.get<Page<Row>>('/api/bl-system/user/list?size=50'));
      expect(page.records.map((r) => r.account)).toEqual(expect.arrayContaining(['admin', 'dispatcher', 'auditor']));
    });
  });

  describe('the dictionary call', () => {
    it("answers one dictionary's entries by its code, sorted; none for an unknown code; 400 without one", async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      data(await admin.post('/api/bl-system/dict/submit', {
        code: 'shift',
        dictValue: 'Shift',
        items: [
          { dictKey: 'N', dictValue: 'Night', sort: 3 },
          { dictKey: 'D', dictValue: 'Day', sort: 1 },
          { dictKey: 'E', dictValue: 'Evening', sort: 2 },
        ],
      }));
      data(await admin.post('/api/bl-system/dict/submit', { code: 'shiftX', dictValue: 'Another', items: [{ dictKey: 'X', dictValue: 'X', sort: 1 }] }));
      const dispatcher = await t.client().as('100001', 'dispatcher');
      expect(data(await dispatcher.get<{ dictKey: string }[]>('/api/bl-system/dict/dictionary?code=shift')).map((i) => i.dictKey)).toEqual(['D', 'E', 'N']);
      expect(data(await dispatcher.get<unknown[]>('/api/bl-system/dict/dictionary?code=nothing'))).toEqual([]);
      expect((await dispatcher.get('/api/bl-system/dict/dictionary')).status).toBe(400);
    });

    it('answers a tenant’s own enumeration’s values sorted, and the enumerations the descriptions define read-only, named in the caller’s language', async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      data(await admin.post('/api/bl-basic/sysenum/submit', {
        code: 'dockDoor', name: 'Dock doors', items: [{ value: 'N', zh: '北门', en: 'North', mo: '北門', sort: 2 }, { value: 'S', zh: '南门', en: 'South', mo: '南門', sort: 1 }],
      }));
      const dispatcher = await t.client().as('100001', 'dispatcher');
      expect(data(await dispatcher.get<{ value: string }[]>('/api/bl-basic/sysenum/values?code=dockDoor')).map((i) => i.value)).toEqual(['S', 'N']);
      // values repeated within one enumeration are refused
      const twice = await admin.post('/api/bl-basic/sysenum/submit', { code: 'twice', name: 'x', items: [{ value: 'A', zh: '甲', en: 'A', mo: '甲' }, { value: 'A', zh: '乙', en: 'B', mo: '乙' }] });
      expect(twice.status).toBe(400);
      const builtIn = data(await dispatcher.get<{ code: string; name: string; items: { value: string; zh: string; en: string }[] }[]>('/api/bl-basic/sysenum/builtin?code=strategy.rule', { 'Accept-Language': 'en' }));
      expect(builtIn).toEqual([expect.objectContaining({ code: 'strategy.rule', name: 'Put-away and picking strategy · Rule' })]);
      expect(builtIn[0]!.items.map((i) => i.value)).toEqual(['FIFO', 'FEFO', 'NEAREST', 'PARTIAL_PALLET_FIRST']);
      expect(builtIn[0]!.items[1]).toMatchObject({ zh: '近效期先出(FEFO)', en: 'First expiry, first out (FEFO)' });
      const all = data(await dispatcher.get<{ code: string }[]>('/api/bl-basic/sysenum/builtin'));
      expect(all.map((e) => e.code)).toEqual(expect.arrayContaining(['strategy.rule', 'strategy.type']));
    });
  });

  describe('scheduled category status changes', () => {
    it('applies a due change once per interval and records it in the category history', async () => {
      const { CategoryStatusJob } = await import('@tpl/masterdata');
      const admin = await t.client().as('100001', 'admin', 'admin');
      const C = '/api/bl-basic/category';
      const created = data(await admin.post<{ id: string }>(`${C}/submit`, { code: 'FRZ', name: 'Frozen seafood', type: 'FINISHED_GOODS', ifChangeStatus: 1, changeStatus: 'QUALITY_INSPECTION', interval: 7 }));
      const job = t.host.app.get(CategoryStatusJob);
      const start = new Date('2026-11-23T00:00:00Z');
      expect(await job.runOnce(start)).toBe(1);
      expect(await job.runOnce(new Date('2026-11-26T00:00:00Z'))).toBe(0); // 3 days later: not due
      expect(await job.runOnce(new Date('2026-11-30T00:00:01Z'))).toBe(1); // 7 days later: due again
      const row = data(await admin.get<Row>(`${C}/detail?id=${created.id}`));
      expect(row.changeTime).toBe('2026-11-30T00:00:01.000Z');
      const history = data(await admin.get<{ type: string; actor: { name: string }; data: { changes: Record<string, unknown> } }[]>(`${C}/history?id=${created.id}`));
      expect(history.filter((h) => h.actor.name === 'Scheduler').map((h) => Object.keys(h.data.changes))).toEqual([['changeTime'], ['changeTime']]);
    });
  });

  describe('attachments on the local-disk store', () => {
    it('uploads a file, lists it and downloads it by id with its name in download-filename', async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('pallet label 托盘标签')]), '签收单 0001.pdf');
      const res = await fetch(`${t.url}/api/bl-resource/attach/upload`, { method: 'POST', headers: admin.headers(), body: form });
      const body = (await res.json()) as { data: { id: string; link: string; attachSize: number } };
      expect(res.status).toBe(200);
      expect(body.data.attachSize).toBe(Buffer.byteLength('pallet label 托盘标签'));
      const list = data(await admin.get<Page<Row>>('/api/bl-resource/attach/list?extension=pdf'));
      expect(list.records.map((r) => r.originalName)).toContain('签收单 0001.pdf');
      const dl = await fetch(`${t.url}${body.data.link}`, { headers: admin.headers() });
      expect(dl.status).toBe(200);
      expect(decodeURIComponent(dl.headers.get('download-filename')!)).toBe('签收单 0001.pdf');
      expect(await dl.text()).toBe('pallet label 托盘标签');
      const other = await t.client().as('100002', 'dispatcher');
      expect((await fetch(`${t.url}${body.data.link}`, { headers: other.headers() })).status).toBe(404);
    });

    it('serves spec 01 section 7 as written: GET {base}/system/oss/download/{id} with the bearer token header, a blob and download-filename', async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      const form = new FormData();
      form.append('file', new Blob([Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff])]), '入库单 Ü.pdf');
      const res = await fetch(`${t.url}/api/bl-resource/attach/upload`, { method: 'POST', headers: admin.headers(), body: form });
      const { id, link } = ((await res.json()) as { data: { id: string; link: string } }).data;
      expect(link).toBe(`/api/bl-system/system/oss/download/${id}`);
      const dl = await fetch(`${t.url}/api/bl-system/system/oss/download/${id}`, { headers: admin.headers() });
      expect(dl.status).toBe(200);
      expect(admin.headers()['Blade-Auth']).toMatch(/^bearer /);
      expect(dl.headers.get('content-type')).toBe('application/octet-stream');
      expect(dl.headers.get('access-control-expose-headers')).toContain('download-filename');
      expect(decodeURIComponent(dl.headers.get('download-filename')!)).toBe('入库单 Ü.pdf');
      expect([...new Uint8Array(await dl.arrayBuffer())]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
      // without the token header: refused, no file
      const anonymous = await fetch(`${t.url}/api/bl-system/system/oss/download/${id}`);
      expect(anonymous.headers.get('download-filename')).toBeNull();
      expect(((await anonymous.json()) as { code: number }).code).toBe(401);
      // the old address is gone: one address per call
      expect(((await (await fetch(`${t.url}/api/bl-resource/oss/download/${id}`, { headers: admin.headers() })).json()) as { code: number }).code).toBe(404);
    });
  });

  describe('serial codes number the bills', () => {
    it('takes prefix, minimum and maximum from the serial code, and refuses past the maximum', async () => {
      const admin = await t.client().as('100001', 'admin', 'admin');
      data(await admin.post('/api/bl-system/syscode/submit', { seqCode: 'consignment', seqName: 'Consignment orders', prefixValue: 'CN', minValue: 7, maxValue: 8 }));
      const { consignmentInput } = await import('../support/fixtures');
      const first = data(await admin.post<{ billNo: string }>('/api/bl-transport/consignment/submit', consignmentInput()));
      const second = data(await admin.post<{ billNo: string }>('/api/bl-transport/consignment/submit', consignmentInput()));
      expect(first.billNo).toMatch(/^CN\d{8}00007$/);
      expect(second.billNo).toMatch(/^CN\d{8}00008$/);
      const third = await admin.post('/api/bl-transport/consignment/submit', consignmentInput());
      expect(third.status).toBe(409);
      expect(third.body.msg).toContain('consignment');
      const code = data(await admin.get<Page<Row>>('/api/bl-system/syscode/list?seqCode=consignment')).records[0]!;
      expect(code.seqCurrentValue).toBe(8);
    });

    it('lets a tenant made in system administration be signed in to once it has a user', async () => {
      const platform = await t.client().as('000000', 'admin', 'admin');
      data(await platform.post('/api/bl-system/tenant/submit', { tenantId: '100777', tenantName: 'New Operator' }));
      // the tenant registry, as sign-in reads it (platform work)
      const tenants = async () =>
        (await runAsSystem(() => t.host.storage.db.pool.query<{ name: string; status: number }>(`SELECT name, status FROM idn_tenants WHERE tenant_id = '100777'`))).rows;
      expect(await tenants()).toEqual([{ name: 'New Operator', status: 1 }]);
      const rec = data(await platform.get<Page<Row>>('/api/bl-system/tenant/list?tenantId=100777')).records[0]!;
      data(await platform.post(`/api/bl-system/tenant/remove?ids=${rec.id}`));
      expect(await tenants()).toEqual([{ name: 'New Operator', status: 0 }]);
    });
  });
});
