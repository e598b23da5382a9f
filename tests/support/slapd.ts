import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway OpenLDAP server for the directory sign-in tests: Debian's slapd (`npm test` installs
 * `slapd` and `ldap-utils`), a slapd.conf in a temporary folder (mdb backend, suffix dc=tpl,dc=test,
 * a root DN and password), listening on a free port of 127.0.0.1, loaded with ldapadd.
 *
 * Everything here is synchronous, so a test file can decide at load time whether its suite runs
 * (`describe`) or is skipped (`describe.skip`, counted as skipped, with the reason printed) when slapd
 * is not installed or cannot start.
 */
export const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
export const LDAPADD = process.env.LDAPADD_PATH ?? '/usr/bin/ldapadd';
export const SUFFIX = 'dc=tpl,dc=test';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PW = 'root-secret';

export type Slapd = { url: string; port: number; dir: string; stop(): void; running(): boolean };
export type SlapdFound = { slapd?: Slapd; skip?: string };

const SCHEMAS = ['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `/etc/ldap/schema/${s}.schema`);
const MODULE_DIRS = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/aarch64-linux-gnu/ldap'];

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const config = (dir: string) => {
  const moduleDir = MODULE_DIRS.find((d) => fs.existsSync(path.join(d, 'back_mdb.so')) || fs.existsSync(path.join(d, 'back_mdb.la')));
  return [
    ...SCHEMAS.map((s) => `include ${s}`),
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    `argsfile ${path.join(dir, 'slapd.args')}`,
    // Debian builds back_mdb as a module; a slapd with it built in needs no moduleload
    ...(moduleDir ? [`modulepath ${moduleDir}`, 'moduleload back_mdb'] : []),
    'database mdb',
    `suffix "${SUFFIX}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PW}`,
    `directory ${path.join(dir, 'db')}`,
    'maxsize 16777216',
    // passwords are for binding only; every entry else may be read by whoever bound
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by anonymous auth',
    '',
  ].join('\n');
};

const freePort = (): number => {
  // a port the kernel gives out now (a child process, since this must be synchronous)
  const r = spawnSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], { encoding: 'utf8' });
  return Number(r.stdout.trim());
};

const pidIn = (dir: string): number | undefined => {
  try {
    return Number(fs.readFileSync(path.join(dir, 'slapd.pid'), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
};

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts slapd with the entries of `ldif` (LDIF, the suffix's own entry included), or says why it
 * cannot. The caller stops it (`stop()`: the process killed, its folder removed).
 */
export const startSlapd = (ldif: string): SlapdFound => {
  if (!fs.existsSync(SLAPD) || !fs.existsSync(LDAPADD)) {
    return { skip: `directory sign-in suite skipped: ${SLAPD} or ${LDAPADD} is missing (Debian's slapd and ldap-utils; npm test installs them)` };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  fs.writeFileSync(path.join(dir, 'slapd.conf'), config(dir));
  fs.writeFileSync(path.join(dir, 'data.ldif'), ldif);
  let failure = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = freePort();
    const url = `ldap://127.0.0.1:${port}`;
    // slapd forks into the background once it listens (as whoever runs the tests, in this throwaway folder)
    const started = spawnSync(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-s', '0'], { encoding: 'utf8', timeout: 15_000 });
    if (started.status !== 0) {
      failure = `slapd exited with ${started.status ?? started.signal}: ${(started.stderr || started.stdout || '').trim().slice(0, 500)}`;
      continue;
    }
    let loaded = false;
    for (let i = 0; i < 50 && !loaded; i++) {
      try {
        execFileSync(LDAPADD, ['-x', '-H', url, '-D', ROOT_DN, '-w', ROOT_PW, '-f', path.join(dir, 'data.ldif')], { stdio: 'pipe', timeout: 10_000 });
        loaded = true;
      } catch (err) {
        failure = `ldapadd failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim().slice(0, 500)}`;
        // 255: cannot contact the server yet; anything else is the data's fault
        if ((err as { status?: number }).status !== 255) break;
        sleep(100);
      }
    }
    const pid = pidIn(dir);
    if (!loaded) {
      if (pid && alive(pid)) process.kill(pid, 'SIGTERM');
      continue;
    }
    const stop = () => {
      const p = pidIn(dir);
      if (p && alive(p)) {
        process.kill(p, 'SIGTERM');
        for (let i = 0; i < 50 && alive(p); i++) sleep(100);
        if (alive(p)) process.kill(p, 'SIGKILL');
      }
    };
    return {
      slapd: {
        url,
        port,
        dir,
        running: () => alive(pidIn(dir)),
        stop: () => {
          stop();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      },
    };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { skip: `directory sign-in suite skipped: slapd could not start (${failure})` };
};

/** Stops the directory without removing its folder (the "directory down" case); `stop()` still cleans up. */
export const killSlapd = (s: Slapd) => {
  const pid = pidIn(s.dir);
  if (pid && alive(pid)) process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && alive(pid); i++) sleep(100);
};
