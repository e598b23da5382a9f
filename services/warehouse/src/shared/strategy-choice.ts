/**
 * Which strategy governs an owner's material (pure): the owner's customer strategies
 * (master data's `customstrategy`) before the material's own. Of the owner's live records
 * that apply (its material or none; its area or one above the bill's, or none), the most
 * particular wins: material and area, then material, then area, then the owner's alone;
 * then the smaller priority (1 first, none last), then the code. The strategy of a kind
 * (put-away or picking) is the first of those records that names one, else the material's.
 * Whether batches / materials may share a location is the winning record's; with no customer
 * strategy they may (as before customer strategies were honoured). docs/DOMAIN.md
 * "Customer strategies".
 */
export type CustomerStrategy = {
  code: string;
  customerCode: string;
  warehouseAreaCode?: string | undefined;
  materialCode?: string | undefined;
  upshelfStrategyCode?: string | undefined;
  downshelfStrategyCode?: string | undefined;
  mixBatchFlag?: boolean | undefined;
  mixMaterialFlag?: boolean | undefined;
  priority?: number | undefined;
  invalid?: boolean | undefined;
};

export type StrategyKind = 'upshelf' | 'downshelf';

export type StrategyFor = {
  customerCode: string;
  materialCode: string;
  /** the bill's area and the areas above it */
  areas: readonly string[];
  /** the material's own strategy of this kind (its upshelfStrategyCode / downshelfStrategyCode) */
  materialStrategyCode?: string | undefined;
};

export type StrategyChoice = {
  /** the strategy record to follow, if any */
  strategyCode: string | undefined;
  /** where it came from: a customer strategy's code, or the material */
  from: { customStrategy: string } | 'material' | 'none';
  mixBatch: boolean;
  mixMaterial: boolean;
};

const particularity = (s: CustomerStrategy) => (s.materialCode ? 2 : 0) + (s.warehouseAreaCode ? 1 : 0);

/** The owner's live records that apply to this material in these areas, the one that wins first. */
export const applicableStrategies = (records: readonly CustomerStrategy[], at: Omit<StrategyFor, 'materialStrategyCode'>): CustomerStrategy[] =>
  records
    .filter(
      (s) =>
        !s.invalid &&
        s.customerCode === at.customerCode &&
        (!s.materialCode || s.materialCode === at.materialCode) &&
        (!s.warehouseAreaCode || at.areas.includes(s.warehouseAreaCode)),
    )
    .sort(
      (a, b) =>
        particularity(b) - particularity(a) ||
        (a.priority ?? Number.POSITIVE_INFINITY) - (b.priority ?? Number.POSITIVE_INFINITY) ||
        a.code.localeCompare(b.code),
    );

export const chooseStrategy = (kind: StrategyKind, records: readonly CustomerStrategy[], at: StrategyFor): StrategyChoice => {
  const applicable = applicableStrategies(records, at);
  const field = kind === 'upshelf' ? 'upshelfStrategyCode' : 'downshelfStrategyCode';
  const naming = applicable.find((s) => !!s[field]);
  const winner = applicable[0];
  const mix = winner ? { mixBatch: !!winner.mixBatchFlag, mixMaterial: !!winner.mixMaterialFlag } : { mixBatch: true, mixMaterial: true };
  if (naming) return { strategyCode: naming[field], from: { customStrategy: naming.code }, ...mix };
  if (at.materialStrategyCode) return { strategyCode: at.materialStrategyCode, from: 'material', ...mix };
  return { strategyCode: undefined, from: 'none', ...mix };
};

/** A customstrategy record as master data's port answers it. */
export const customStrategyOf = (r: { code: string; data: Record<string, unknown> }): CustomerStrategy => {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const priority = r.data.priority === undefined || r.data.priority === null || r.data.priority === '' ? undefined : Number(r.data.priority);
  return {
    code: r.code,
    customerCode: String(r.data.customerCode ?? ''),
    warehouseAreaCode: text(r.data.warehouseAreaCode),
    materialCode: text(r.data.materialCode),
    upshelfStrategyCode: text(r.data.upshelfStrategyCode),
    downshelfStrategyCode: text(r.data.downshelfStrategyCode),
    mixBatchFlag: Number(r.data.mixBatchFlag ?? 0) === 1 || r.data.mixBatchFlag === true,
    mixMaterialFlag: Number(r.data.mixMaterialFlag ?? 0) === 1 || r.data.mixMaterialFlag === true,
    priority: Number.isFinite(priority) ? priority : undefined,
    invalid: Number(r.data.invalid ?? 0) === 1,
  };
};
