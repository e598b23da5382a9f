import type Decimal from 'decimal.js';
import {
  BillingDecimal,
  DEFAULT_BILLING_RULES,
  MONEY_SCALE,
  basis as toBasis,
  dec,
  money,
  sumMoney,
  type BillingRule,
  type BillingRuleKind,
  type BillingRuleRounding,
  type ChargeKind,
  type Dec,
  type DecimalInput,
  type StorageBasis,
  versionStampOfIso,
} from '@tpl/contracts';

/**
 * The charge engine's pricing: pure functions from the facts of one customer's month (stock
 * at the end of each day per area, handling per day, other-charge documents) and the fee
 * agreement versions known, to charge items and the month bill's figures. No I/O, no clock:
 * the same input always prices the same cents (what "regenerate equals issued" rests on).
 * Decisions (docs/DOMAIN.md "Billing"):
 * - storage is charged per business day on the stock as it stood at the end of that day, in
 *   the agreement's basis (tonnes by default, pallets rounded up to whole pallets, or m³);
 * - tiers apply BY BAND: the day's whole quantity is priced at the price of the tier whose
 *   [lowerLimit, upLimit) holds it (above the last tier: the last tier's price); a quantity
 *   below the first tier, or an agreement without tiers, is priced at dayUnitCost;
 * - inbound and outbound handling: the day's tonnes of stream lines with instockStatus /
 *   outstockStatus 1 and isCost 1, per area, at the agreement's cycleUnitCost (per tonne);
 * - each item is rounded once to the cent (ROUND_HALF_UP); totals are sums of items.
 * - packing materials (issue 30, costbilldetailpack): each line of packing materials a ship or
 *   pack step recorded is charged qty x the package-material price of the agreement in force for
 *   its area on its day (one item per line, rounded once to the cent, ROUND_HALF_UP); a material
 *   the agreement has no price for is shown at 0 (finance sees what was used and not priced).
 * The billing rules (master data `billingrules`, issue 30) may change, per event kind, whether
 * it charges, its basis and the rounding; a kind no rule names keeps the above
 * (DEFAULT_BILLING_RULES).
 */

export type Tier = { lowerLimit: number | string; upLimit: number | string; price: number | string };
export type AgreementVersion = {
  recordId: string;
  code: string;
  customerCode: string;
  areaCode: string | null;
  startDate: string;
  endDate: string;
  basis: StorageBasis;
  dayUnitCost: number | string;
  cycleUnitCost: number | string;
  tiers: Tier[];
  /** the price per piece of each packing material (absent: none priced) */
  packPrices?: readonly { materialCode: string; price: number | string }[];
  /** yyyyMMddHHmmssffffff: when this version was recorded */
  stamp: string;
};

export type Quantities = { qty: Dec; weight: Dec; pallets: Dec; volume: Dec };
export const zeroQuantities = (): Quantities => ({ qty: dec(0), weight: dec(0), pallets: dec(0), volume: dec(0) });
export const addQuantities = (a: Quantities, b: Quantities): Quantities => ({
  qty: a.qty.plus(b.qty),
  weight: a.weight.plus(b.weight),
  pallets: a.pallets.plus(b.pallets),
  volume: a.volume.plus(b.volume),
});

/** One day of one area: the change of stock that day and the handling that counts toward the fees. */
/**
 * inByAgreement: receipts whose inbound bill named its fee agreement (agreementCode), priced by
 * that agreement instead of the one in force for the area; inQty / inWeight are the others.
 */
export type DayFacts = { delta: Quantities; inQty: Dec; inWeight: Dec; outQty: Dec; outWeight: Dec; inByAgreement?: { agreementCode: string; qty: Dec; weight: Dec }[] };
/** path: the area and the areas it lies in, nearest first (absent: the area alone) */
export type AreaFacts = { areaCode: string | null; path?: readonly string[]; opening: Quantities; days: Map<string, DayFacts> };
export type OtherCharge = { documentType: string; documentId: string; billNo: string; billDate: string; amount: Dec };
/** One line of packing materials a ship or pack step recorded: the document, the day, its area, the material and how many. */
export type PackUse = { documentType: string; documentId: string; billNo: string; day: string; areaCode: string | null; path?: readonly string[]; materialCode: string; qty: Dec; eventId: string; lineIdx: number };

export type MonthInput = {
  month: string;
  customerCode: string;
  /** the last business day priced (the month's last day, or the day before generation in a running month) */
  through: string;
  areas: AreaFacts[];
  agreements: AgreementVersion[];
  others: OtherCharge[];
  /** the packing materials used in the month (absent: none) */
  packs?: PackUse[];
  /** the billing rules known at the bill's knowledge point, by event kind (absent: the default) */
  rules?: Partial<Record<BillingRuleKind, BillingRule>>;
};

const ROUNDING: Record<BillingRuleRounding, Decimal.Rounding> = {
  HALF_UP: BillingDecimal.ROUND_HALF_UP,
  UP: BillingDecimal.ROUND_UP,
  DOWN: BillingDecimal.ROUND_DOWN,
  HALF_EVEN: BillingDecimal.ROUND_HALF_EVEN,
};
/** price x quantity, rounded once to the cent by the rule's rounding (UP / DOWN: away from / toward zero). */
export const amountBy = (price: DecimalInput, quantity: DecimalInput, rounding: BillingRuleRounding): Dec => dec(price).times(dec(quantity)).toDecimalPlaces(MONEY_SCALE, ROUNDING[rounding]);
/** The rule in force for an event kind: the one known, else the default. */
export const ruleFor = (rules: MonthInput['rules'], kind: BillingRuleKind): BillingRule => rules?.[kind] ?? DEFAULT_BILLING_RULES[kind];

export type PricedItem = {
  kind: ChargeKind;
  day: string | null;
  areaCode: string | null;
  basis: StorageBasis | null;
  quantity: Dec;
  qty: Dec;
  weight: Dec;
  stage: number | null;
  price: Dec;
  amount: Dec;
  agreementCode: string | null;
  agreementVersion: string | null;
  document?: OtherCharge;
  /** a package material charge: the material and the fact (event and line) it stands on */
  materialCode?: string;
  pack?: { eventId: string; lineIdx: number };
};

export type AreaFigures = {
  areaCode: string | null;
  basis: StorageBasis | null;
  agreementCode: string | null;
  inQty: Dec;
  inWeight: Dec;
  outQty: Dec;
  outWeight: Dec;
  storageQty: Dec;
  storageWeight: Dec;
  balanceQty: Dec;
  balanceWeight: Dec;
  inCost: Dec;
  outCost: Dec;
  storageCost: Dec;
  stages: { price: Dec; weight: Dec; qty: number }[];
};

export type Components = { inCost: Dec; outCost: Dec; storageCost: Dec; otherCost: Dec; packageCost: Dec };
export type PricedMonth = { items: PricedItem[]; areas: AreaFigures[]; totals: Components & { totalCost: Dec } };

export const STAGES = 6;

/** The days of a month (yyyy-MM) up to `through` (inclusive), as yyyy-MM-dd. */
export const daysOf = (month: string, through?: string): string[] => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const out: string[] = [];
  for (let d = 1; d <= last; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    if (through !== undefined && day > through) break;
    out.push(day);
  }
  return out;
};
export const monthStart = (month: string) => `${month}-01`;
export const monthEnd = (month: string) => daysOf(month).at(-1)!;
export const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
export const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * The agreement version in force for a customer's area on a day: valid on that day, naming
 * that area or one it lies in (a zone's own agreement before its warehouse's, before one naming
 * no area, which covers every area); among equals the newest version. `path`: the area, then
 * the areas it lies in (master data's parentCode), nearest first.
 */
export const agreementFor = (agreements: readonly AgreementVersion[], path: readonly string[] | string | null, day: string): AgreementVersion | undefined => {
  const areas = path === null ? [] : typeof path === 'string' ? [path] : path;
  let best: AgreementVersion | undefined;
  let bestRank = -1;
  for (const a of agreements) {
    if (a.startDate > day || a.endDate < day) continue;
    const at = a.areaCode === null ? -1 : areas.indexOf(a.areaCode);
    if (a.areaCode !== null && at < 0) continue;
    const rank = a.areaCode === null ? 0 : areas.length - at;
    if (!best || rank > bestRank || (rank === bestRank && a.stamp > best.stamp)) {
      best = a;
      bestRank = rank;
    }
  }
  return best;
};

/**
 * The version of a named agreement that prices a day's handling (an inbound bill's agreementCode):
 * the newest version of that code valid on the day, else its newest version known (a bill may
 * name an agreement for goods received just outside its dates: the owner and the keeper agreed on
 * it); undefined when billing knows no valid version of it (the area's agreement then prices it).
 */
export const namedAgreement = (agreements: readonly AgreementVersion[], code: string, day: string): AgreementVersion | undefined => {
  const versions = agreements.filter((a) => a.code === code).sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0));
  return versions.find((a) => a.startDate <= day && day <= a.endDate) ?? versions[0];
};

/** The quantity a day's storage is priced on, in the agreement's basis: tonnes, whole pallets (rounded up) or m³. */
export const basisQuantity = (basis: StorageBasis, stock: Quantities): Dec => {
  if (basis === 'PALLET') return stock.pallets.lessThanOrEqualTo(0) ? dec(0) : stock.pallets.toDecimalPlaces(6, BillingDecimal.ROUND_HALF_UP).ceil();
  if (basis === 'VOLUME') return toBasis(stock.volume);
  return toBasis(stock.weight);
};

/** Tiers by band: the stage (1 to 6) and price of the tier holding the quantity; null stage: the agreement's day unit cost. */
export const tierPrice = (agreement: Pick<AgreementVersion, 'tiers' | 'dayUnitCost'>, quantity: Dec): { stage: number | null; price: Dec } => {
  const tiers = [...agreement.tiers].map((t) => ({ lower: dec(t.lowerLimit), upper: dec(t.upLimit), price: dec(t.price) })).sort((a, b) => a.lower.comparedTo(b.lower));
  if (!tiers.length || quantity.lessThan(tiers[0]!.lower)) return { stage: null, price: dec(agreement.dayUnitCost) };
  for (let i = 0; i < tiers.length && i < STAGES; i++) {
    const t = tiers[i]!;
    if (quantity.greaterThanOrEqualTo(t.lower) && quantity.lessThan(t.upper)) return { stage: i + 1, price: t.price };
  }
  // at or above the last tier's upper limit (or in a gap between tiers): the highest tier at or below it
  let k = 0;
  for (let i = 0; i < Math.min(tiers.length, STAGES); i++) if (quantity.greaterThanOrEqualTo(tiers[i]!.lower)) k = i;
  return { stage: k + 1, price: tiers[k]!.price };
};

const areaKey = (a: string | null) => a ?? '';

/** Prices one customer's month. */
export const priceMonth = (input: MonthInput): PricedMonth => {
  const items: PricedItem[] = [];
  const areas: AreaFigures[] = [];
  const days = daysOf(input.month, input.through);
  const storageRule = ruleFor(input.rules, 'STORAGE');
  const sortedAreas = [...input.areas].sort((a, b) => areaKey(a.areaCode).localeCompare(areaKey(b.areaCode)));
  for (const area of sortedAreas) {
    const fig: AreaFigures = {
      areaCode: area.areaCode,
      basis: null,
      agreementCode: null,
      inQty: dec(0),
      inWeight: dec(0),
      outQty: dec(0),
      outWeight: dec(0),
      storageQty: dec(0),
      storageWeight: dec(0),
      balanceQty: dec(0),
      balanceWeight: dec(0),
      inCost: dec(0),
      outCost: dec(0),
      storageCost: dec(0),
      stages: Array.from({ length: STAGES }, () => ({ price: dec(0), weight: dec(0), qty: 0 })),
    };
    let stock = area.opening;
    for (const day of days) {
      const facts = area.days.get(day);
      if (facts) stock = addQuantities(stock, facts.delta);
      const agreement = agreementFor(input.agreements, area.path ?? area.areaCode, day);
      if (agreement) {
        fig.basis = agreement.basis;
        fig.agreementCode = agreement.code;
      }
      const version = agreement ? { agreementCode: agreement.code, agreementVersion: agreement.stamp } : { agreementCode: null, agreementVersion: null };
      fig.storageQty = fig.storageQty.plus(stock.qty);
      fig.storageWeight = fig.storageWeight.plus(stock.weight);
      // storage: the stock as it stood at the end of the day, in the agreement's basis unless a rule fixes one
      if (agreement && storageRule.charged) {
        const storageBasis: StorageBasis = storageRule.basis === 'WEIGHT' || storageRule.basis === 'PALLET' || storageRule.basis === 'VOLUME' ? storageRule.basis : agreement.basis;
        const quantity = basisQuantity(storageBasis, stock);
        if (quantity.greaterThan(0)) {
          const { stage, price } = tierPrice(agreement, quantity);
          const amount = amountBy(price, quantity, storageRule.rounding);
          items.push({ kind: 'STORAGE', day, areaCode: area.areaCode, basis: storageBasis, quantity, qty: stock.qty, weight: toBasis(stock.weight), stage, price, amount, ...version });
          fig.storageCost = fig.storageCost.plus(amount);
          if (stage !== null) {
            const s = fig.stages[stage - 1]!;
            s.price = price;
            s.weight = s.weight.plus(quantity);
            s.qty += 1;
          }
        }
      }
      if (!facts) continue;
      // handling of the day at the cycle unit cost, per tonne (or per piece, by rule); a kind a rule does not charge is left out;
      // receipts whose bill named its agreement are priced by that agreement, one item per agreement
      const handled: (readonly ['INBOUND' | 'OUTBOUND', Dec, Dec, AgreementVersion | undefined])[] = [
        ['INBOUND', facts.inQty, facts.inWeight, agreement],
        ...(facts.inByAgreement ?? []).map((n) => ['INBOUND', n.qty, n.weight, namedAgreement(input.agreements, n.agreementCode, day) ?? agreement] as const),
        ['OUTBOUND', facts.outQty, facts.outWeight, agreement],
      ];
      for (const [kind, qty, weight, pricedBy] of handled) {
        if (qty.isZero() && weight.isZero()) continue;
        const rule = ruleFor(input.rules, kind);
        if (!rule.charged) continue;
        const price = pricedBy ? dec(pricedBy.cycleUnitCost) : dec(0);
        const quantity = rule.basis === 'PIECE' ? qty : toBasis(weight);
        const amount = amountBy(price, quantity, rule.rounding);
        const by = pricedBy ? { agreementCode: pricedBy.code, agreementVersion: pricedBy.stamp } : { agreementCode: null, agreementVersion: null };
        items.push({ kind, day, areaCode: area.areaCode, basis: null, quantity, qty, weight: toBasis(weight), stage: null, price, amount, ...by });
        if (kind === 'INBOUND') {
          fig.inQty = fig.inQty.plus(qty);
          fig.inWeight = fig.inWeight.plus(weight);
          fig.inCost = fig.inCost.plus(amount);
        } else {
          fig.outQty = fig.outQty.plus(qty);
          fig.outWeight = fig.outWeight.plus(weight);
          fig.outCost = fig.outCost.plus(amount);
        }
      }
    }
    fig.balanceQty = stock.qty;
    fig.balanceWeight = toBasis(stock.weight);
    areas.push(fig);
  }
  for (const doc of [...input.others].sort((a, b) => a.billDate.localeCompare(b.billDate) || a.billNo.localeCompare(b.billNo))) {
    const amount = money(doc.amount);
    items.push({ kind: 'OTHER', day: doc.billDate, areaCode: null, basis: null, quantity: dec(1), qty: dec(1), weight: dec(0), stage: null, price: amount, amount, agreementCode: null, agreementVersion: null, document: doc });
  }
  items.push(...pricePacks(input.packs ?? [], input.agreements));
  const sum = (kind: ChargeKind) => sumMoney(items.filter((i) => i.kind === kind).map((i) => i.amount));
  const totals = { inCost: sum('INBOUND'), outCost: sum('OUTBOUND'), storageCost: sum('STORAGE'), otherCost: sum('OTHER'), packageCost: sum('PACKAGE') };
  return { items, areas, totals: { ...totals, totalCost: sumMoney(Object.values(totals)) } };
};

/** The package-material price of a material in an agreement version (null: the agreement names none). */
export const packPrice = (agreement: Pick<AgreementVersion, 'packPrices'> | undefined, materialCode: string): Dec | null => {
  const found = agreement?.packPrices?.find((p) => p.materialCode === materialCode);
  return found ? dec(found.price) : null;
};

/** The package material charges: one item per packing-material line, priced by the agreement in force for its area on its day, in day and bill order. */
export const pricePacks = (packs: readonly PackUse[], agreements: readonly AgreementVersion[]): PricedItem[] =>
  [...packs]
    .sort((a, b) => a.day.localeCompare(b.day) || a.billNo.localeCompare(b.billNo) || a.eventId.localeCompare(b.eventId) || a.lineIdx - b.lineIdx)
    .map((p) => {
      const agreement = agreementFor(agreements, p.path ?? p.areaCode, p.day);
      const price = packPrice(agreement, p.materialCode) ?? dec(0);
      const amount = amountBy(price, p.qty, 'HALF_UP');
      return {
        kind: 'PACKAGE' as const,
        day: p.day,
        areaCode: p.areaCode,
        basis: null,
        quantity: p.qty,
        qty: p.qty,
        weight: dec(0),
        stage: null,
        price,
        amount,
        agreementCode: agreement?.code ?? null,
        agreementVersion: agreement?.stamp ?? null,
        document: { documentType: p.documentType, documentId: p.documentId, billNo: p.billNo, billDate: p.day, amount },
        materialCode: p.materialCode,
        pack: { eventId: p.eventId, lineIdx: p.lineIdx },
      };
    });

/** Component differences of a later pricing of a month against an earlier one (a late correction). */
export const difference = (later: Components, earlier: Components): Components => ({
  inCost: money(later.inCost.minus(earlier.inCost)),
  outCost: money(later.outCost.minus(earlier.outCost)),
  storageCost: money(later.storageCost.minus(earlier.storageCost)),
  otherCost: money(later.otherCost.minus(earlier.otherCost)),
  packageCost: money(later.packageCost.minus(earlier.packageCost)),
});
export const isZero = (c: Components) => c.inCost.isZero() && c.outCost.isZero() && c.storageCost.isZero() && c.otherCost.isZero() && c.packageCost.isZero();

/** yyyyMMddHHmmssffffff of an instant in the business time zone (spec 02 version fields). */
export const versionStamp = (iso: string, timeZone = process.env.BUSINESS_TZ ?? 'Asia/Shanghai'): string => versionStampOfIso(iso, timeZone);
