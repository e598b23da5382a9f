import type { ScanMode } from '@tpl/contracts';

/**
 * What a keeper confirmed on this phone and has not sent yet (receive and pick send the whole
 * bill once every task is confirmed), kept in localStorage per bill and version so that a bill
 * reopened, after the page was closed or the phone slept, shows what is already done. A bill
 * changed since (another version) starts over; entries are forgotten after a week or once sent.
 * Put-away needs none: each placement is on the server as soon as it is confirmed.
 */
const KEY = 'tpl.scan.confirmed';
const WEEK = 7 * 24 * 3600 * 1000;
type Entry = { version: number; done: Record<string, number>; at: number };
type Bill = { id: string; version: number };

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const all = (): Record<string, Entry> => {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Entry>) : {};
  } catch {
    return {};
  }
};
const save = (entries: Record<string, Entry>) => {
  try {
    storage()?.setItem(KEY, JSON.stringify(entries));
  } catch {
    // a full or refused storage only loses the resume, never a scan
  }
};
const keyOf = (mode: ScanMode, bill: Bill) => `${mode}:${bill.id}`;

export const keptOnPhone = (mode: ScanMode) => mode !== 'putaway';

export const savedScans = {
  read(mode: ScanMode, bill: Bill): Record<string, number> | undefined {
    if (!keptOnPhone(mode)) return undefined;
    const e = all()[keyOf(mode, bill)];
    return e && e.version === bill.version && Date.now() - e.at < WEEK ? e.done : undefined;
  },
  write(mode: ScanMode, bill: Bill, done: Record<string, number>): void {
    if (!keptOnPhone(mode)) return;
    const now = Date.now();
    const entries = Object.fromEntries(Object.entries(all()).filter(([, e]) => now - e.at < WEEK));
    if (Object.keys(done).length) entries[keyOf(mode, bill)] = { version: bill.version, done, at: now };
    else delete entries[keyOf(mode, bill)];
    save(entries);
  },
  clear(mode: ScanMode, bill: Bill): void {
    const entries = all();
    if (!(keyOf(mode, bill) in entries)) return;
    delete entries[keyOf(mode, bill)];
    save(entries);
  },
};
