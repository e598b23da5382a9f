// Shared by the benchmarks: a throwaway PostgreSQL database on the local server.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
const require = createRequire(import.meta.url);
const { Client, Pool } = require('pg');

export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Runs fn(url) against a fresh database and drops it afterwards, whatever happens. */
export const withTempDatabase = async (prefix, fn) => {
  const name = `${prefix}_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};

/** The HTTP benches' client (the demo's console client) and the consignment draft they create and change. */
export const BENCH_BASIC = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
export const DRAFT_BODY = {
  billDate: '2026-11-23',
  customerCode: 'C001',
  consignor: { name: 'Acme Foods', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road' },
  consignee: { name: 'Fresh Mart', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street' },
  deliveryMode: 'HOME_DELIVERY',
  plannedDate: '2026-11-24',
  lines: [{ materialCode: 'M0001', name: 'Rice 10kg', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
};

// ---------------------------------------------------------------- CPU per request (Linux /proc)

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the benches run on
const procs = () => {
  const out = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const f = stat.slice(close + 2).split(' ');
      out.push({ pid: Number(pid), comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the process ended while being read
    }
  }
  return out;
};
/**
 * Every process's ticks by pid, with whether it belongs to the given processes' trees (the host)
 * or to PostgreSQL; and the machine's ticks.
 */
const cpuTicks = (roots) => {
  const all = procs();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const inTree = (p) => {
    for (let q = p; q; q = byPid.get(q.ppid)) if (roots.includes(q.pid)) return true;
    return false;
  };
  const processes = new Map(all.map((p) => [p.pid, { ticks: p.ticks, host: inTree(p), postgres: p.comm === 'postgres' || p.comm === 'postmaster' }]));
  const busy = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  // user+nice+system+irq+softirq+steal: what the machine's cores spent, every process together
  return { processes, machine: busy[0] + busy[1] + busy[2] + busy[5] + busy[6] + busy[7] };
};
/** What each group spent between two readings: per process alive at the second (a process that ended meanwhile takes its time with it). */
const spent = (before, after, group) => {
  let ticks = 0;
  for (const [pid, p] of after.processes) if (p[group]) ticks += p.ticks - (before.processes.get(pid)?.ticks ?? 0);
  return ticks;
};
export const CORES = os.availableParallelism?.() ?? os.cpus().length;

/**
 * Starts counting the CPU time of the host's process tree (hostPids; none for a load without a
 * host), of PostgreSQL's processes (every one on this machine: nothing else may run meanwhile)
 * and of the whole machine; stop(requests) answers each in milliseconds per request. Linux only:
 * elsewhere it answers undefined. Counted per process alive at the stop: a process that ends inside
 * the window takes its time with it, and never subtracts the time it had before (a pool closed
 * just before a measure: its backends exit during it).
 */
export const cpuMeter = (hostPids = []) => {
  if (!fs.existsSync('/proc/stat')) return { stop: () => undefined };
  const before = cpuTicks(hostPids);
  const bench = process.cpuUsage();
  return {
    stop: (requests) => {
      const after = cpuTicks(hostPids);
      const own = process.cpuUsage(bench);
      const per = (ticks) => +((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)).toFixed(3);
      return {
        hostMs: per(spent(before, after, 'host')),
        postgresMs: per(spent(before, after, 'postgres')),
        loadMs: +((own.user + own.system) / 1000 / Math.max(1, requests)).toFixed(3),
        machineMs: per(after.machine - before.machine),
      };
    },
  };
};

/** How many clients the raw INSERT baseline runs (as tests/bench/append.mjs). */
export const INSERT_CLIENTS = 16;

/**
 * The raw single-row INSERT rate of the PostgreSQL server (INSERT_CLIENTS clients, a table of its
 * own, as the database's owner), and its CPU per INSERT (cpuMeter): every bench's baseline.
 */
export const rawInsertRate = async (databaseUrl, secs) => {
  const pool = new Pool({ connectionString: databaseUrl, max: INSERT_CLIENTS });
  pool.on('error', () => undefined);
  try {
    await pool.query('CREATE TABLE IF NOT EXISTS bench_raw_insert (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL)');
    const data = { plateNo: '沪A12345', driverName: 'Wang Qiang', driverMobile: '13700137000' };
    const metadata = { tenantId: '100001', actor: { userId: 'u', account: 'bench', name: 'Bench' }, occurredAt: new Date().toISOString(), correlationId: 'bench' };
    let n = 0;
    const cpu = cpuMeter();
    const until = Date.now() + secs * 1000;
    await Promise.all(
      Array.from({ length: INSERT_CLIENTS }, async (_, c) => {
        for (let i = 0; Date.now() < until; i++) {
          await pool.query('INSERT INTO bench_raw_insert (stream_id, data, metadata) VALUES ($1, $2, $3)', [`r-${c}-${i}`, data, metadata]);
          n++;
        }
      }),
    );
    const cost = cpu.stop(n);
    await pool.query('DROP TABLE bench_raw_insert');
    return { rate: Math.round(n / secs), cpu: cost };
  } finally {
    await pool.end();
  }
};

/** The CPU (ms, everything included) a request may cost at a quarter of the raw INSERT rate on this machine's cores: issue 16's bar. */
export const insertBudgetMs = (insertRate) => +((CORES * 1000) / (insertRate / 4)).toFixed(3);
