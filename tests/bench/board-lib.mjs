// Shared by the board benchmarks: the host in its own process, signed-in clients, notes and
// vehicles made through the API, and a reader of the board's server-sent events.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;

export const serve = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'server.mjs'), databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (b) => {
      const m = /READY (\S+)/.exec(String(b));
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

export const client = async (url, account = 'dispatcher', password = 'demo123') => {
  const q = new URLSearchParams({ grantType: 'password', tenantId: '100001', account, password: createHash('md5').update(password).digest('hex'), type: 'account' });
  const token = (await (await fetch(`${url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
  const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': '100001', 'Content-Type': 'application/json', 'Accept-Language': 'en' };
  const call = async (method, p, body) => {
    const r = await fetch(`${url}${p}`, { method, headers: body === undefined && method === 'GET' ? { ...headers, 'Content-Type': 'application/json' } : headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const json = await r.json();
    return { status: r.status, code: json.code, msg: json.msg, data: json.data };
  };
  return { url, headers, get: (p) => call('GET', p), post: (p, body) => call('POST', p, body) };
};

const must = (r, what) => {
  if (r.code !== 200) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
};

/** `n` consignment notes awaiting dispatch (written directly, customer C001, one goods line). */
export const makeNotes = async (c, n, tag) => {
  const notes = [];
  const queue = Array.from({ length: n }, (_, i) => i);
  const worker = async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const made = must(
        await c.post('/api/bl-transport/consignmentbill/submit', {
          billDate: '2026-11-26',
          customerCode: 'C001',
          consignee: { name: `Bench consignee ${tag}-${i}`, linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street' },
          deliveryMode: 'HOME_DELIVERY',
          plannedDate: '2026-11-27',
          lines: [{ materialCode: 'M0001', name: 'Bench goods', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
        }),
        'note',
      );
      notes.push({ id: made.id, version: made.version, billNo: made.billNo });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return notes;
};

/** A valid ID card number (region 310101, born 1990-01-01, sequence n, its check digit). */
const idCard = (n) => {
  const body = `31010119900101${String(100 + n).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * w[i], 0);
  return body + '10X98765432'[sum % 11];
};

/** Vehicles (and a driver each) beyond the demo's four, so `n` vehicles in all pass the dispatch rules. */
export const makeFleet = async (admin, n) => {
  const cars = ['沪A12345', '沪BD12345', '苏E8K321', '沪C66881'];
  for (let i = cars.length; i < n; i++) {
    const code = `DB${String(i).padStart(2, '0')}`;
    must(await admin.post('/api/bl-transport/basicdriver/submit', { code, name: `Driver ${i}`, mobile: `1380000${String(1000 + i)}`, idCard: idCard(i), carrierCode: 'CR01' }), 'driver');
    const carNo = `沪D${String(10000 + i)}`;
    must(await admin.post('/api/bl-transport/basiccar/submit', { carNo, carType: 'BOX_TRUCK', loadWeight: 10, loadVolume: 40, carrierCode: 'CR01', driverCode: code }), 'car');
    cars.push(carNo);
  }
  return cars.slice(0, n);
};

/** A window on day `day` of 2030 (far from the demo's own bookings), slot `slot` of 3 hours. */
export const windowOf = (day, slot) => {
  const start = new Date(Date.UTC(2030, 0, 1 + day, slot * 3));
  return { plannedStart: start.toISOString(), plannedEnd: new Date(start.getTime() + 2.5 * 3_600_000).toISOString() };
};

/** The board's stream read as the console reads it; `waitFor(pred)` resolves at the first change that satisfies it. */
export const listen = async (c, after) => {
  const abort = new AbortController();
  const res = await fetch(`${c.url}/api/bl-transport/board/stream${after ? `?after=${after}` : ''}`, { headers: c.headers, signal: abort.signal });
  const waiters = [];
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event !== 'board' || !data) continue;
        const change = JSON.parse(data);
        const at = performance.now();
        for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].pred(change)) waiters.splice(i, 1)[0].resolve(at);
      }
    }
  })();
  return {
    waitFor: (pred) => new Promise((resolve) => waiters.push({ pred, resolve })),
    close: () => abort.abort(),
  };
};

export const percentile = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
