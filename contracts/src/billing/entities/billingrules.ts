import { defineEntity, flag, oneOf, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** The event kinds a rule governs: a day's storage, a day's inbound handling, a day's outbound handling. */
export const BILLING_RULE_KINDS = ['STORAGE', 'INBOUND', 'OUTBOUND'] as const;
export type BillingRuleKind = (typeof BILLING_RULE_KINDS)[number];
/** What a kind is priced per: storage by the agreement's own basis (default) or a fixed one; handling by the tonne (default) or the piece. */
export const BILLING_RULE_BASES = ['AGREEMENT', 'WEIGHT', 'PALLET', 'VOLUME', 'PIECE'] as const;
export type BillingRuleBasis = (typeof BILLING_RULE_BASES)[number];
export const STORAGE_RULE_BASES: readonly BillingRuleBasis[] = ['AGREEMENT', 'WEIGHT', 'PALLET', 'VOLUME'];
export const HANDLING_RULE_BASES: readonly BillingRuleBasis[] = ['WEIGHT', 'PIECE'];
/** How each charge item is rounded to the cent. */
export const BILLING_RULE_ROUNDINGS = ['HALF_UP', 'UP', 'DOWN', 'HALF_EVEN'] as const;
export type BillingRuleRounding = (typeof BILLING_RULE_ROUNDINGS)[number];

/** A rule as pricing reads it. */
export type BillingRule = { kind: BillingRuleKind; charged: boolean; basis: BillingRuleBasis; rounding: BillingRuleRounding; code?: string };

/** What pricing does for a kind no valid rule names: the behaviour before rules existed (and the demo's seeded rules). */
export const DEFAULT_BILLING_RULES: Readonly<Record<BillingRuleKind, BillingRule>> = {
  STORAGE: { kind: 'STORAGE', charged: true, basis: 'AGREEMENT', rounding: 'HALF_UP' },
  INBOUND: { kind: 'INBOUND', charged: true, basis: 'WEIGHT', rounding: 'HALF_UP' },
  OUTBOUND: { kind: 'OUTBOUND', charged: true, basis: 'WEIGHT', rounding: 'HALF_UP' },
};

/**
 * Billing rules (计费规则, spec 02 master data `billingrules`, fields not shown): which event
 * kinds charge, by which basis, with which rounding, read by the month bill's pricing as known
 * at the bill's knowledge point (so an issued bill reprices the same). One valid rule per kind
 * counts (the newest); a kind with none keeps DEFAULT_BILLING_RULES. docs/DOMAIN.md "Billing rules".
 */
export const billingrules = defineEntity({
  name: 'billingrules',
  service: 'bl-basic',
  title: L('计费规则', 'Billing rules', '計費規則'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('规则编码', 'Rule code', '規則編碼'), { required: true, max: 40, filter: true }),
    name: text(L('规则名称', 'Rule name', '規則名稱'), { required: true, filter: true }),
    eventKind: oneOf(
      L('计费事件', 'Event charged', '計費事件'),
      { STORAGE: L('仓储（每日库存）', 'Storage (stock each day)', '倉儲（每日庫存）'), INBOUND: L('入库装卸', 'Inbound handling', '入庫裝卸'), OUTBOUND: L('出库装卸', 'Outbound handling', '出庫裝卸') },
      { required: true, filter: true },
    ),
    // a choice, never a box left unticked by mistake: a kind not charged is said so
    charged: oneOf(L('是否计费', 'Charged', '是否計費'), { '1': L('计费', 'Charged', '計費'), '0': L('不计费', 'Not charged', '不計費') }, { required: true }),
    basis: oneOf(
      L('计费依据', 'Priced per', '計費依據'),
      {
        AGREEMENT: L('按协议的仓储计费方式', "The agreement's storage basis", '按協議的倉儲計費方式'),
        WEIGHT: L('按重量(吨)', 'Tonne', '按重量(噸)'),
        PALLET: L('按托盘', 'Pallet', '按托盤'),
        VOLUME: L('按体积(m³)', 'Cubic metre', '按體積(m³)'),
        PIECE: L('按件数', 'Piece', '按件數'),
      },
      { required: true },
    ),
    rounding: oneOf(
      L('舍入方式', 'Rounding to the cent', '捨入方式'),
      { HALF_UP: L('四舍五入', 'Half up', '四捨五入'), UP: L('进位', 'Up', '進位'), DOWN: L('舍去', 'Down', '捨去'), HALF_EVEN: L('银行家舍入', 'Half even', '銀行家捨入') },
      { required: true },
    ),
    invalid: flag(L('作废', 'Invalid', '作廢')),
  },
  example: { name: '出库按件计费', eventKind: 'OUTBOUND', charged: '1', basis: 'PIECE', rounding: 'HALF_UP' },
  refine: (d, ctx) => {
    const kind = d.eventKind as BillingRuleKind | undefined;
    const basis = d.basis as BillingRuleBasis | undefined;
    if (!kind || !basis) return;
    const allowed = kind === 'STORAGE' ? STORAGE_RULE_BASES : HANDLING_RULE_BASES;
    if (!allowed.includes(basis)) ctx.addIssue({ code: 'custom', path: ['basis'], message: 'billing.validation.ruleBasis' });
  },
});
