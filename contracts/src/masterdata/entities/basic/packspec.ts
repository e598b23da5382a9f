import { defineEntity, num, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

const LEVELS = [1, 2, 3, 4, 5] as const;
const LEVEL_NAMES = {
  1: L('一', '1', '一'),
  2: L('二', '2', '二'),
  3: L('三', '3', '三'),
  4: L('四', '4', '四'),
  5: L('五', '5', '五'),
} as const;

/**
 * The five unit levels as flat fields unitNCode / unitNRate. Level 1 is required; for
 * levels 2 to 5 a rate is required when its unit is given (checked in refine).
 */
const levelFields = Object.fromEntries(
  LEVELS.flatMap((n) => {
    const [zh, en, mo] = LEVEL_NAMES[n];
    const o = n === 1 ? { required: true } : { list: false };
    return [
      [`unit${n}Code`, ref(L(`${zh}级单位`, `Unit level ${en}`, `${mo}級單位`), 'unit', o)],
      [`unit${n}Rate`, num(L(`${zh}级换算率`, `Level ${en} rate`, `${mo}級換算率`), 'rate', o)],
    ];
  }),
);

/** Pack specification: weight, pallet and carton size, and up to five unit levels. */
export const packspec = defineEntity({
  name: 'packspec',
  service: 'bl-basic',
  title: L('包装规格', 'Pack specification', '包裝規格'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('规格编码', 'Pack spec code', '規格編碼'), { required: true, max: 40, filter: true }),
    name: text(L('规格名称', 'Pack spec name', '規格名稱'), { required: true, filter: true }),
    qtyWeg: num(L('单件重量(kg)', 'Weight per piece (kg)', '單件重量(kg)'), 'weight'),
    boardQty: num(L('每托件数', 'Pieces per pallet', '每托件數'), 'count'),
    volumeLength: num(L('长(cm)', 'Length (cm)', '長(cm)'), 'measure'),
    volumeWidth: num(L('宽(cm)', 'Width (cm)', '寬(cm)'), 'measure'),
    volumeHeight: num(L('高(cm)', 'Height (cm)', '高(cm)'), 'measure'),
    ...levelFields,
  },
  example: { unit1Rate: 1 },
  refine: (d, ctx) => {
    for (const n of LEVELS) {
      const rate = d[`unit${n}Rate`];
      if (rate === 0) ctx.addIssue({ code: 'custom', path: [`unit${n}Rate`], message: 'validation.positive' });
      // level 1's rate is a required field of its own
      if (n > 1 && d[`unit${n}Code`] !== undefined && rate === undefined) {
        ctx.addIssue({ code: 'custom', path: [`unit${n}Rate`], message: 'validation.required' });
      }
    }
  },
});
