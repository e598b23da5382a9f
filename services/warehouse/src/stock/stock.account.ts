import {
  AppError,
  addQty,
  isDock,
  isTransit,
  subQty,
  STOCK_EVENT_TYPES,
  type StockFact,
  type StockKey,
  type StockLine,
  type StockMovement,
  type StockSource,
  type StockStatus,
} from '@tpl/contracts';

/**
 * One stock account (a cargo owner's material) as the decisions see it: its rows and the
 * account stream's version. Pure functions decide stock facts from it; every fact keeps
 * qty >= 0, djQty >= 0 and djQty <= qty (available never below zero) on every row.
 */
export type StockRowState = StockKey & {
  qty: number;
  djQty: number;
  qtyWeg: number;
  boardQty: number;
  /** m³ per piece (0 when unknown) */
  unitVolume: number;
  status: StockStatus;
  expiringDate: string | null;
  inboundAt: string | null;
  warehouseAreaCode: string | null;
};
/** A line of the account's stream recorded with a business time after some instant (what "as of" takes off the rows now). */
export type LaterLine = Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'> & { qty: number; djQty: number; at: string };
/**
 * `later`: the account's lines with a business time after the instant a back-dated decision is
 * made at (loaded only for such decisions: see `firstShortFrom`).
 */
export type AccountState = { customerCode: string; materialCode: string; version: number; rows: Map<string, StockRowState>; later?: readonly LaterLine[] };

export const rowKey = (k: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'>) => `${k.barcode}\u0000${k.warehousePlaceCode}\u0000${k.batchNo}`;
export const emptyAccount = (customerCode: string, materialCode: string): AccountState => ({ customerCode, materialCode, version: 0, rows: new Map() });

// ---- typed refusals (409: the stock is not there; 400: the request cannot be)
export class InsufficientStock extends AppError {
  constructor(materialCode: string, wanted: number, available: number) {
    super(409, 'warehouse.errors.insufficientStock', { materialCode, wanted, available });
  }
}
export class StockRowNotFound extends AppError {
  constructor(key: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'materialCode'>) {
    super(409, 'warehouse.errors.stockRowNotFound', { barcode: key.barcode, place: key.warehousePlaceCode, materialCode: key.materialCode });
  }
}
export class AllocationExceeded extends AppError {
  constructor(key: Pick<StockKey, 'barcode' | 'materialCode'>, wanted: number, allocated: number) {
    super(409, 'warehouse.errors.allocationExceeded', { barcode: key.barcode, materialCode: key.materialCode, wanted, allocated });
  }
}
export class BelowAllocated extends AppError {
  constructor(key: Pick<StockKey, 'barcode' | 'materialCode'>, allocated: number) {
    super(409, 'warehouse.errors.belowAllocated', { barcode: key.barcode, materialCode: key.materialCode, allocated });
  }
}

/** Builds a fact's lines over a working copy of the account, so several lines on one row see each other. */
class Draft {
  readonly lines: StockLine[] = [];
  private readonly rows: Map<string, StockRowState>;

  constructor(private readonly account: AccountState) {
    this.rows = new Map([...account.rows].map(([k, r]) => [k, { ...r }]));
  }

  row(k: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'>) {
    return this.rows.get(rowKey(k));
  }

  all() {
    return [...this.rows.values()];
  }

  /** One line: the change of qty and djQty on a row (made if missing from `attrs`), with before and after. */
  put(
    movement: StockMovement,
    key: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'>,
    delta: { qty?: number; djQty?: number },
    source: StockSource,
    attrs: Partial<Omit<StockRowState, keyof StockKey | 'qty' | 'djQty'>> & { supplierCode?: string; parentBarcode?: string } = {},
  ) {
    const k = rowKey(key);
    let r = this.rows.get(k);
    const created = !r;
    if (!r) {
      r = {
        customerCode: this.account.customerCode,
        materialCode: this.account.materialCode,
        barcode: key.barcode,
        warehousePlaceCode: key.warehousePlaceCode,
        batchNo: key.batchNo,
        qty: 0,
        djQty: 0,
        qtyWeg: attrs.qtyWeg ?? 0,
        boardQty: attrs.boardQty ?? 0,
        unitVolume: attrs.unitVolume ?? 0,
        status: attrs.status ?? 'AVAILABLE',
        expiringDate: attrs.expiringDate ?? null,
        inboundAt: attrs.inboundAt ?? null,
        warehouseAreaCode: attrs.warehouseAreaCode ?? null,
      };
      this.rows.set(k, r);
    }
    const before = { qty: r.qty, djQty: r.djQty };
    r.qty = addQty(r.qty, delta.qty ?? 0);
    r.djQty = addQty(r.djQty, delta.djQty ?? 0);
    if (attrs.status && !created) r.status = attrs.status;
    const line: StockLine = {
      customerCode: r.customerCode,
      materialCode: r.materialCode,
      barcode: r.barcode,
      warehousePlaceCode: r.warehousePlaceCode,
      batchNo: r.batchNo,
      movement,
      qty: delta.qty ?? 0,
      djQty: delta.djQty ?? 0,
      beforeQty: before.qty,
      endQty: r.qty,
      beforeDjQty: before.djQty,
      endDjQty: r.djQty,
      source,
    };
    if (created || movement === 'RECEIVE' || movement === 'MOVE_IN' || movement === 'OWNER_IN') {
      line.qtyWeg = r.qtyWeg;
      line.boardQty = r.boardQty;
      if (r.unitVolume) line.unitVolume = r.unitVolume;
      line.status = r.status;
      if (r.expiringDate) line.expiringDate = r.expiringDate;
      if (r.inboundAt) line.inboundAt = r.inboundAt;
      if (r.warehouseAreaCode) line.warehouseAreaCode = r.warehouseAreaCode;
    }
    if (movement === 'STATUS') line.status = r.status;
    if (attrs.supplierCode) line.supplierCode = attrs.supplierCode;
    if (attrs.parentBarcode) line.parentBarcode = attrs.parentBarcode;
    this.lines.push(line);
    return r;
  }
}

const available = (r: StockRowState) => subQty(r.qty, r.djQty);
const need = (lines: StockLine[]) => {
  if (!lines.length) throw new Error('a stock fact needs lines');
  return lines;
};

// ------------------------------------------------------------------ decisions

export type ReceiveItem = {
  barcode: string;
  warehousePlaceCode: string;
  warehouseAreaCode?: string | undefined;
  batchNo: string;
  qty: number;
  qtyWeg?: number | undefined;
  boardQty?: number | undefined;
  unitVolume?: number | undefined;
  expiringDate?: string | undefined;
  status?: StockStatus | undefined;
  supplierCode?: string | undefined;
  lineNumber?: number | undefined;
};

/** Goods arrive: rows made or increased (a receipt's own barcodes; inboundAt is the business time). */
export const receive = (account: AccountState, items: ReceiveItem[], source: StockSource, effectiveAt: string): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    if (!(it.qty > 0)) throw new AppError(400, 'warehouse.errors.qtyPositive');
    d.put('RECEIVE', it, { qty: it.qty }, { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) }, {
      qtyWeg: it.qtyWeg ?? 0,
      boardQty: it.boardQty ?? 0,
      unitVolume: it.unitVolume ?? 0,
      status: it.status ?? 'AVAILABLE',
      expiringDate: it.expiringDate ?? null,
      inboundAt: effectiveAt,
      warehouseAreaCode: it.warehouseAreaCode ?? null,
      ...(it.supplierCode ? { supplierCode: it.supplierCode } : {}),
    });
  }
  return need(d.lines);
};

export type MoveItem = {
  from: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'>;
  toPlace: string;
  toArea?: string | undefined;
  /** the barcode the pieces take where they arrive (a temporary package's, or their own again when it is opened); theirs by default */
  toBarcode?: string | undefined;
  qty: number;
  lineNumber?: number | undefined;
};

/**
 * Stock moves from one place to another (put-away, a warehouse transfer): only what is not
 * allocated may move; the new row keeps the barcode, batch, dates and status.
 */
export const move = (account: AccountState, items: MoveItem[], source: StockSource): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    const from = d.row(it.from);
    if (!from) throw new StockRowNotFound({ ...it.from, materialCode: account.materialCode });
    if (available(from) < it.qty) throw new InsufficientStock(account.materialCode, it.qty, available(from));
    const toBarcode = it.toBarcode ?? it.from.barcode;
    if (from.warehousePlaceCode === it.toPlace && toBarcode === it.from.barcode) throw new AppError(400, 'warehouse.errors.samePlace', { place: it.toPlace });
    const src = { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) };
    d.put('MOVE_OUT', it.from, { qty: -it.qty }, src);
    d.put('MOVE_IN', { ...it.from, warehousePlaceCode: it.toPlace, barcode: toBarcode }, { qty: it.qty }, src, {
      qtyWeg: from.qtyWeg,
      boardQty: from.boardQty,
      unitVolume: from.unitVolume,
      status: from.status,
      expiringDate: from.expiringDate,
      inboundAt: from.inboundAt,
      warehouseAreaCode: it.toArea ?? from.warehouseAreaCode,
    });
  }
  return need(d.lines);
};

export type PickingRule = 'FIFO' | 'FEFO';
export type AllocationRequest = {
  qty: number;
  rule: PickingRule;
  batchNo?: string | undefined;
  today: string;
  lineNumber?: number | undefined;
  places?: readonly string[] | undefined;
  /** only stock of this warehouse area */
  area?: string | undefined;
};

/** The rows an allocation may take from, in the order the picking rule takes them. */
export const allocationCandidates = (rows: StockRowState[], req: Pick<AllocationRequest, 'rule' | 'batchNo' | 'today' | 'places' | 'area'>): StockRowState[] =>
  rows
    .filter((r) => r.status === 'AVAILABLE' && available(r) > 0)
    // goods still at the receiving dock are not put away yet: not picked from there
    .filter((r) => !isDock(r.warehousePlaceCode))
    // goods on their way between warehouses are not anywhere to pick from
    .filter((r) => !isTransit(r.warehousePlaceCode))
    .filter((r) => !req.area || r.warehouseAreaCode === req.area)
    // expired stock is never allocated: it expires at the end of its expiring date
    .filter((r) => !r.expiringDate || r.expiringDate >= req.today)
    .filter((r) => req.batchNo === undefined || r.batchNo === req.batchNo)
    .filter((r) => !req.places || req.places.includes(r.warehousePlaceCode))
    .sort((a, b) => {
      if (req.rule === 'FEFO') {
        const ea = a.expiringDate ?? '9999-12-31';
        const eb = b.expiringDate ?? '9999-12-31';
        if (ea !== eb) return ea < eb ? -1 : 1;
      }
      const ia = a.inboundAt ?? '';
      const ib = b.inboundAt ?? '';
      if (ia !== ib) return ia < ib ? -1 : 1;
      return rowKey(a) < rowKey(b) ? -1 : 1;
    });

/** Freezes (djQty) what an outbound needs, row by row in the picking rule's order; all of it or nothing. */
export const allocate = (account: AccountState, requests: AllocationRequest[], source: StockSource): StockLine[] => {
  const d = new Draft(account);
  for (const req of requests) {
    let left = req.qty;
    const candidates = allocationCandidates(d.all(), req);
    const total = candidates.reduce((s, r) => addQty(s, available(r)), 0);
    if (total < req.qty) throw new InsufficientStock(account.materialCode, req.qty, total);
    for (const r of candidates) {
      if (left <= 0) break;
      const take = Math.min(available(r), left);
      d.put('ALLOCATE', r, { djQty: take }, { ...source, ...(req.lineNumber !== undefined ? { lineNumber: req.lineNumber } : {}) });
      left = subQty(left, take);
    }
  }
  return need(d.lines);
};

export type RowQty = { key: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'>; qty: number; lineNumber?: number | undefined };

/**
 * Freezes exactly the rows named (an allocate bill's lines name their rows): only what is
 * available, in any status the bill's checks let through; all of it or nothing.
 */
export const freeze = (account: AccountState, items: RowQty[], source: StockSource): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    const r = d.row(it.key);
    if (!r) throw new StockRowNotFound({ ...it.key, materialCode: account.materialCode });
    if (available(r) < it.qty) throw new InsufficientStock(account.materialCode, it.qty, available(r));
    d.put('ALLOCATE', it.key, { djQty: it.qty }, { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) });
  }
  return need(d.lines);
};

/** Unfreezes an allocation (an outbound cancelled or changed). */
export const release = (account: AccountState, items: RowQty[], source: StockSource): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    const r = d.row(it.key);
    if (!r) throw new StockRowNotFound({ ...it.key, materialCode: account.materialCode });
    if (r.djQty < it.qty) throw new AllocationExceeded({ barcode: r.barcode, materialCode: r.materialCode }, it.qty, r.djQty);
    d.put('RELEASE', it.key, { djQty: -it.qty }, { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) });
  }
  return need(d.lines);
};

/** Goods leave: picked pieces out of the rows they were allocated on (qty and djQty both go down). */
export const ship = (account: AccountState, items: RowQty[], source: StockSource): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    const r = d.row(it.key);
    if (!r) throw new StockRowNotFound({ ...it.key, materialCode: account.materialCode });
    if (r.djQty < it.qty) throw new AllocationExceeded({ barcode: r.barcode, materialCode: r.materialCode }, it.qty, r.djQty);
    d.put('SHIP', it.key, { qty: -it.qty, djQty: -it.qty }, { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) });
  }
  return need(d.lines);
};

/**
 * A counted difference or a loss: qty up or down on a row; never below what is allocated
 * on it (an allocation must be released first), never below zero.
 */
export const adjust = (account: AccountState, items: (RowQty & { delta: number })[], source: StockSource, attrs?: Partial<ReceiveItem>): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    const r = d.row(it.key);
    if (!r && it.delta < 0) throw new StockRowNotFound({ ...it.key, materialCode: account.materialCode });
    if (r && addQty(r.qty, it.delta) < r.djQty) throw new BelowAllocated({ barcode: r.barcode, materialCode: r.materialCode }, r.djQty);
    d.put('ADJUST', it.key, { qty: it.delta }, { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) }, {
      ...(attrs?.qtyWeg !== undefined ? { qtyWeg: attrs.qtyWeg } : {}),
      ...(attrs?.warehouseAreaCode ? { warehouseAreaCode: attrs.warehouseAreaCode } : {}),
    });
  }
  return need(d.lines);
};

/** A row's quality status changes (quality inspection, frozen, available again): no quantity moves. */
export const changeStatus = (account: AccountState, items: { key: RowQty['key']; status: StockStatus }[], source: StockSource): StockLine[] => {
  const d = new Draft(account);
  for (const it of items) {
    const r = d.row(it.key);
    if (!r) throw new StockRowNotFound({ ...it.key, materialCode: account.materialCode });
    if (r.status === it.status) continue;
    if (it.status !== 'AVAILABLE' && r.djQty > 0) throw new BelowAllocated({ barcode: r.barcode, materialCode: r.materialCode }, r.djQty);
    d.put('STATUS', it.key, {}, source, { status: it.status });
  }
  return d.lines;
};

/** Stock changes owner: out of this account (the other account's receive is OWNER_IN lines made by `receive`). */
export const ownerOut = (account: AccountState, items: RowQty[], source: StockSource): { lines: StockLine[]; taken: StockRowState[] } => {
  const d = new Draft(account);
  const taken: StockRowState[] = [];
  for (const it of items) {
    const r = d.row(it.key);
    if (!r) throw new StockRowNotFound({ ...it.key, materialCode: account.materialCode });
    if (available(r) < it.qty) throw new InsufficientStock(account.materialCode, it.qty, available(r));
    taken.push({ ...r, qty: it.qty, djQty: 0 });
    d.put('OWNER_OUT', it.key, { qty: -it.qty }, { ...source, ...(it.lineNumber !== undefined ? { lineNumber: it.lineNumber } : {}) });
  }
  return { lines: need(d.lines), taken };
};

/** A step dated before its goods were there: 400 naming the step's time field (`label`, an i18n key). */
export class NotThereThen extends AppError {
  constructor(label: string, row: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'materialCode'>) {
    super(400, 'warehouse.errors.notThereThen', { materialCode: row.materialCode, barcode: row.barcode, place: row.warehousePlaceCode }, { label });
  }
}

/**
 * The ledger answers "as of" any instant by taking the lines with a later business time off the
 * rows now. A fact dated in the past therefore changes every instant from its time on, not only
 * now: each row it touches must hold qty >= 0, frozen >= 0 and frozen <= qty at every one of them
 * (a put-away before its receipt would leave the dock at -12 then; a shipment before its
 * allocation, frozen below zero). The rows now (after `lines`) minus the account's later lines,
 * group by group of equal times, newest first: each value holds from that group's time back to the
 * next older one, the last from the fact's own time. Answers the first row short at some instant.
 */
export const firstShortFrom = (account: AccountState, lines: readonly StockLine[]): StockRowState | undefined => {
  if (!account.later?.length) return undefined;
  const after = applyLines(account, lines);
  for (const k of new Set(lines.map(rowKey))) {
    const row = after.rows.get(k)!;
    const past = account.later.filter((l) => rowKey(l) === k).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    let qty = row.qty;
    let djQty = row.djQty;
    for (let i = 0; i < past.length; i++) {
      qty = subQty(qty, past[i]!.qty);
      djQty = subQty(djQty, past[i]!.djQty);
      const groupEnds = i === past.length - 1 || Date.parse(past[i + 1]!.at) !== Date.parse(past[i]!.at);
      if (groupEnds && (qty < 0 || djQty < 0 || djQty > qty)) return row;
    }
  }
  return undefined;
};

/** Refuses a back-dated fact that would leave a row short at some instant (firstShortFrom), naming the step's time. */
export const assertThereFrom = (account: AccountState, lines: readonly StockLine[], label: string): void => {
  const short = firstShortFrom(account, lines);
  if (short) throw new NotThereThen(label, short);
};

/** The account after a fact's lines: what projections write and what a fold of the stream gives. */
export const applyLines = (account: AccountState, lines: readonly StockLine[], version = account.version + 1): AccountState => {
  const rows = new Map([...account.rows].map(([k, r]) => [k, { ...r }]));
  for (const l of lines) {
    const k = rowKey(l);
    let r = rows.get(k);
    if (!r) {
      r = {
        customerCode: l.customerCode,
        materialCode: l.materialCode,
        barcode: l.barcode,
        warehousePlaceCode: l.warehousePlaceCode,
        batchNo: l.batchNo,
        qty: 0,
        djQty: 0,
        qtyWeg: l.qtyWeg ?? 0,
        boardQty: l.boardQty ?? 0,
        unitVolume: l.unitVolume ?? 0,
        status: l.status ?? 'AVAILABLE',
        expiringDate: l.expiringDate ?? null,
        inboundAt: l.inboundAt ?? null,
        warehouseAreaCode: l.warehouseAreaCode ?? null,
      };
      rows.set(k, r);
    }
    r.qty = l.endQty;
    r.djQty = l.endDjQty;
    if (l.status) r.status = l.status;
  }
  return { ...account, version, rows };
};

/** The stock fact of an event type: lines plus what every fact carries. */
export const factOf = (lines: StockLine[], effectiveAt: string, streamType: string, flags: Partial<Pick<StockFact, 'instockStatus' | 'outstockStatus' | 'isCost' | 'followUser' | 'agreementCode'>> = {}): StockFact => ({
  lines,
  effectiveAt,
  streamType,
  instockStatus: flags.instockStatus ?? 0,
  outstockStatus: flags.outstockStatus ?? 0,
  isCost: flags.isCost ?? 0,
  ...(flags.followUser ? { followUser: flags.followUser } : {}),
  ...(flags.agreementCode ? { agreementCode: flags.agreementCode } : {}),
});

export { STOCK_EVENT_TYPES };
