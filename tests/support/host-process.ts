import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SHIM = path.join(__dirname, 'host-main.cjs');

/** A JSON log line of the host (observability.ts' JsonLog). */
export type LogLine = { time: string; level: string; msg: string; host?: string } & Record<string, unknown>;

/**
 * The production entry point (main.ts) in a child process: its JSON log lines are collected,
 * `url` is known once it printed {"msg":"started"}. Stop it with `kill` (SIGKILL: a host that
 * dies; SIGTERM: a graceful stop) and wait for `exited`.
 */
export class HostProcess {
  readonly lines: LogLine[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  url = '';
  private readonly child: ChildProcess;
  private readonly waiters: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  private readonly dataDir: string;

  constructor(
    readonly name: string,
    env: Record<string, string>,
  ) {
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tpl-host-${name}-`));
    this.child = spawn(process.execPath, [SHIM], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_FORMAT: 'json',
        HOST_ID: name,
        DATA_DIR: this.dataDir,
        WEB_DIST: '/nonexistent',
        SEED_SAMPLES: 'false',
        CATEGORY_JOB_INTERVAL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const text = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (!text.startsWith('{')) continue;
        try {
          this.add(JSON.parse(text) as LogLine);
        } catch {
          /* not a log line */
        }
      }
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr.push(chunk);
      for (const text of chunk.split('\n')) {
        if (!text.startsWith('{')) continue;
        try {
          this.add(JSON.parse(text) as LogLine);
        } catch {
          /* not a log line */
        }
      }
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number {
    return this.child.pid!;
  }

  private add(line: LogLine) {
    this.lines.push(line);
    for (const w of [...this.waiters]) {
      if (w.test(line)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  }

  /** The first line (already printed or to come) that passes the test; rejects if the process exits first. */
  waitFor(test: (l: LogLine) => boolean, what = 'a log line'): Promise<LogLine> {
    const seen = this.lines.find(test);
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<LogLine>((resolve) => this.waiters.push({ test, resolve })),
      this.exited.then(({ code, signal }) => {
        throw new Error(`host ${this.name} exited (${code ?? signal}) before ${what}: ${this.stderr.join('').slice(-2000)}`);
      }),
    ]);
  }

  /** Waits for {"msg":"started"} and keeps the URL. */
  async started(): Promise<string> {
    const line = await this.waitFor((l) => l.msg === 'started', 'it started');
    this.url = String(line.url);
    return this.url;
  }

  kill(signal: NodeJS.Signals): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }

  /** Kills it if still running and removes its data directory. */
  async stop(): Promise<void> {
    this.kill('SIGKILL');
    await this.exited;
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
