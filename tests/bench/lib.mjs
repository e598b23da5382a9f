// Shared by the benchmarks: a throwaway PostgreSQL database on the local server.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
const require = createRequire(import.meta.url);
const { Client } = require('pg');

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
/** Ticks of the given processes' trees and of every PostgreSQL process on this machine. */
const cpuTicks = (roots) => {
  const all = procs();
  const children = new Map();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const tree = (pid) => (all.find((p) => p.pid === pid)?.ticks ?? 0) + (children.get(pid) ?? []).reduce((s, c) => s + tree(c.pid), 0);
  const busy = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return {
    host: roots.reduce((s, pid) => s + tree(pid), 0),
    postgres: all.filter((p) => p.comm === 'postgres' || p.comm === 'postmaster').reduce((s, p) => s + p.ticks, 0),
    // user+nice+system+irq+softirq+steal: what the machine's cores spent, every process together
    machine: busy[0] + busy[1] + busy[2] + busy[5] + busy[6] + busy[7],
  };
};
export const CORES = os.availableParallelism?.() ?? os.cpus().length;

/**
 * Starts counting the CPU time of the host's process tree (hostPids; none for a load without a
 * host), of PostgreSQL's processes (every one on this machine: nothing else may run meanwhile)
 * and of the whole machine; stop(requests) answers each in milliseconds per request. Linux only:
 * elsewhere it answers undefined. A process that ends inside the window takes its time with it
 * (PostgreSQL's backends live as long as the pools' connections).
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
        hostMs: per(after.host - before.host),
        postgresMs: per(after.postgres - before.postgres),
        loadMs: +((own.user + own.system) / 1000 / Math.max(1, requests)).toFixed(3),
        machineMs: per(after.machine - before.machine),
      };
    },
  };
};
