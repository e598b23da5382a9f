import type { Pool } from 'pg';
import { dataSchemaOf, entities, entityByName } from '@tpl/contracts';
import { RECORDS_TABLE } from './engine/records.migrations';
import type { RecordsService } from './engine/records.service';
import type { RecordContext } from './engine/records.port';

type Rec = Record<string, unknown>;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A working warehouse's master data: units, categories, owners, areas and bins, materials, agreements, fleet. */
export const demoMasterData = (): [entity: string, records: Rec[]][] => {
  const units: Rec[] = [
    { code: 'PCS', name: '件', type: 'QUANTITY', rate: 1, benchmarkUnitFlag: 1, defaultUnitFlag: 1 },
    { code: 'BOX', name: '盒', type: 'QUANTITY', rate: 12 },
    { code: 'CTN', name: '箱', type: 'QUANTITY', rate: 24 },
    { code: 'PLT', name: '托', type: 'QUANTITY', rate: 960 },
    { code: 'BAG', name: '袋', type: 'QUANTITY', rate: 1 },
    { code: 'BTL', name: '瓶', type: 'QUANTITY', rate: 1 },
    { code: 'KG', name: '千克', type: 'WEIGHT', rate: 1, benchmarkUnitFlag: 1 },
    { code: 'T', name: '吨', type: 'WEIGHT', rate: 1000 },
  ];
  const categories: Rec[] = [
    { code: 'FOOD', name: '食品', type: 'FINISHED_GOODS' },
    { code: 'GRAIN', name: '粮油米面', type: 'FINISHED_GOODS', parentCode: 'FOOD' },
    { code: 'BEV', name: '饮料', type: 'FINISHED_GOODS', parentCode: 'FOOD' },
    { code: 'SNACK', name: '休闲零食', type: 'FINISHED_GOODS', parentCode: 'FOOD' },
    { code: 'COLD', name: '冷冻食品', type: 'FINISHED_GOODS', parentCode: 'FOOD', ifChangeStatus: 1, changeStatus: 'QUALITY_INSPECTION', interval: 30 },
    { code: 'DAILY', name: '日用品', type: 'FINISHED_GOODS' },
    { code: 'CLEAN', name: '清洁用品', type: 'FINISHED_GOODS', parentCode: 'DAILY' },
    { code: 'PAPER', name: '纸品', type: 'FINISHED_GOODS', parentCode: 'DAILY' },
    { code: 'PACK', name: '包材', type: 'PACKAGING' },
  ];
  const customers: Rec[] = [
    ['C001', '安可食品', '上海安可食品有限公司', '上海', '李雷', '13800138000'],
    ['C002', '蓝河饮料', '蓝河饮料（上海）有限公司', '上海', '周敏', '13611112222'],
    ['C003', '金谷贸易', '江苏金谷贸易有限公司', '江苏', '陈杰', '13922223333'],
    ['C004', '洁净日化', '浙江洁净日化股份有限公司', '浙江', '吴涛', '13733334444'],
    ['C005', '森林纸业', '安徽森林纸业有限公司', '安徽', '徐宁', '13544445555'],
    ['C006', '冰川冷链', '上海冰川冷链食品有限公司', '上海', '何雨', '18655556666'],
  ].map(([code, name, fullName, province, linkman, mobile]) => ({ code, name, fullName, province, linkman, mobile, address: `${province}市工业园区${String(code).slice(-2)}号` }));
  const company: Rec[] = [{ code: 'HB01', name: '港湾物流', fullName: '上海港湾物流有限公司', linkman: '杜晓娜', mobile: '13912345678', address: '上海市浦东新区港城路1号' }];
  const strategies: Rec[] = [
    { code: 'PUT-FIFO', name: '按入库顺序上架', type: 'SHELVING', rule: 'FIFO', priority: 1 },
    { code: 'PICK-FEFO', name: '近效期先出', type: 'PICKING', rule: 'FEFO', priority: 1 },
    { code: 'PICK-NEAR', name: '就近拣货', type: 'PICKING', rule: 'NEAREST', priority: 2 },
  ];
  const areas: Rec[] = [
    { code: 'SH1', name: '上海一号仓', warehouseareaType: 'WAREHOUSE', companyCode: 'HB01', defaultWarehouseFlag: 1 },
    { code: 'SH1-A', name: 'A区 常温', warehouseareaType: 'ZONE', parentCode: 'SH1' },
    { code: 'SH1-B', name: 'B区 常温', warehouseareaType: 'ZONE', parentCode: 'SH1' },
    { code: 'SH1-C', name: 'C区 冷库', warehouseareaType: 'COLD', parentCode: 'SH1' },
  ];
  const places: Rec[] = [];
  for (const [zone, rowsN] of [['A', 5], ['B', 5], ['C', 3]] as const) {
    for (let r = 1; r <= rowsN; r++) {
      for (let l = 1; l <= 4; l++) {
        places.push({
          warehouseAreaCode: `SH1-${zone}`,
          code: `${zone}-${pad(r)}-${pad(l)}`,
          coordinateX: r,
          coordinateY: l,
          maxVolume: 2,
          minVolume: 0,
          volume: 2.4,
          area: 1.44,
          capacityRatio: (r * 17 + l * 7) % 100,
          ...(zone === 'C' ? { customerCode: 'C006' } : {}),
        });
      }
    }
  }
  const families: [cat: string, owner: string, unit: string, base: string, weight: number, variants: string[]][] = [
    ['GRAIN', 'C003', 'BAG', '东北大米', 10, ['5kg', '10kg', '25kg']],
    ['GRAIN', 'C003', 'BTL', '花生油', 5, ['1.8L', '5L', '10L']],
    ['GRAIN', 'C001', 'CTN', '挂面', 6, ['500g x20', '1kg x10']],
    ['BEV', 'C002', 'CTN', '矿泉水', 13.5, ['350ml x24', '550ml x24', '1.5L x12']],
    ['BEV', 'C002', 'CTN', '绿茶饮料', 12, ['500ml x15', '1L x12']],
    ['BEV', 'C002', 'CTN', '橙汁', 11, ['300ml x24', '1L x12']],
    ['SNACK', 'C001', 'CTN', '苏打饼干', 4, ['100g x30', '400g x12']],
    ['SNACK', 'C001', 'CTN', '坚果礼盒', 6, ['750g x6', '1.2kg x4']],
    ['COLD', 'C006', 'CTN', '速冻水饺', 10, ['500g x20', '1kg x10']],
    ['COLD', 'C006', 'CTN', '冷冻鸡翅', 10, ['1kg x10']],
    ['CLEAN', 'C004', 'CTN', '洗衣液', 12, ['2kg x6', '3kg x4']],
    ['CLEAN', 'C004', 'CTN', '洗洁精', 9, ['500g x18', '1.5kg x6']],
    ['PAPER', 'C005', 'BAG', '抽纸', 3, ['3层100抽 x24', '4层120抽 x18']],
    ['PAPER', 'C005', 'BAG', '卷纸', 4, ['10卷', '12卷', '27卷']],
  ];
  const materials: Rec[] = [];
  let n = 0;
  while (materials.length < 200) {
    for (const [cat, owner, unit, base, weight, variants] of families) {
      for (const v of variants) {
        if (materials.length >= 200) break;
        n++;
        const grade = Math.floor((n - 1) / 34);
        materials.push({
          code: `M${pad(n, 4)}`,
          name: `${base} ${v}${grade ? ` ${['', '经典', '优选', '家庭装', '礼品装', '超值装'][grade] ?? ''}` : ''}`.trim(),
          spec: v,
          categoryCode: cat,
          unitCode: unit,
          custCode: owner,
          price: Math.round((8 + (n % 23) * 3.5) * 100) / 100,
          gross: weight,
          suttle: Math.round(weight * 0.92 * 100) / 100,
          batchFlag: cat === 'COLD' || cat === 'BEV' ? 1 : 0,
          normalDate: cat === 'COLD' ? 180 : cat === 'BEV' ? 365 : 720,
          brand: String(owner),
          upshelfStrategyCode: 'PUT-FIFO',
          downshelfStrategyCode: cat === 'COLD' || cat === 'BEV' ? 'PICK-FEFO' : 'PICK-NEAR',
        });
      }
    }
  }
  const packspecs: Rec[] = [
    { code: 'PS-CTN24', name: '24瓶/箱 40箱/托', qtyWeg: 13.5, boardQty: 40, volumeLength: 40, volumeWidth: 27, volumeHeight: 22, unit1Code: 'BTL', unit1Rate: 1, unit2Code: 'CTN', unit2Rate: 24, unit3Code: 'PLT', unit3Rate: 960 },
    { code: 'PS-BAG10', name: '10kg袋 100袋/托', qtyWeg: 10, boardQty: 100, volumeLength: 60, volumeWidth: 40, volumeHeight: 12, unit1Code: 'BAG', unit1Rate: 1, unit2Code: 'PLT', unit2Rate: 100 },
  ];
  const agreements: Rec[] = customers.map((c, i) => ({
    code: `AG-${c.code}-2026`,
    name: `${c.name} 2026年度仓储协议`,
    customerCode: c.code,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    warehouseAreaCode: i === 5 ? 'SH1-C' : 'SH1',
    cycleUnitCost: 30 + i * 2,
    dayUnitCost: 1.2 + i * 0.1,
    invalid: 0,
    tiers: [
      { lowerLimit: 0, upLimit: 100, price: 1.5 },
      { lowerLimit: 100, upLimit: 500, price: 1.2 },
      { lowerLimit: 500, upLimit: 100000, price: 0.9 },
    ],
  }));
  const carriers: Rec[] = [
    { code: 'CR01', name: '顺达运输', linkman: '高峰', mobile: '13812340001', address: '上海市宝山区物流园' },
    { code: 'CR02', name: '长江冷链运输', linkman: '陆斌', mobile: '13812340002', address: '上海市嘉定区冷链基地' },
  ];
  const drivers: Rec[] = [
    { code: 'D01', name: '王强', mobile: '13700137000', licenseNo: 'A2-310001', carrierCode: 'CR01' },
    { code: 'D02', name: '刘洋', mobile: '13511112222', licenseNo: 'A2-310002', carrierCode: 'CR01' },
    { code: 'D03', name: '马骏', mobile: '18912345678', licenseNo: 'B2-320003', carrierCode: 'CR02' },
  ];
  const cars: Rec[] = [
    { carNo: '沪A12345', carType: 'BOX_TRUCK', loadWeight: 10, loadVolume: 45, carrierCode: 'CR01', driverCode: 'D01' },
    { carNo: '沪BD12345', carType: 'VAN', loadWeight: 2, loadVolume: 12, carrierCode: 'CR01', driverCode: 'D02' },
    { carNo: '苏E8K321', carType: 'REFRIGERATED', loadWeight: 8, loadVolume: 30, carrierCode: 'CR02', driverCode: 'D03' },
  ];
  const dicts: Rec[] = [
    { code: 'staffType', dictValue: '人员类型', sort: 1, items: [{ dictKey: '1', dictValue: '正式员工', sort: 1 }, { dictKey: '2', dictValue: '劳务派遣', sort: 2 }, { dictKey: '3', dictValue: '临时工', sort: 3 }] },
  ];
  const syscodes: Rec[] = [{ seqCode: 'consignment', seqName: '托运单号', prefixValue: 'TY', minValue: 1, maxValue: 99999 }];
  return [
    ['syscode', syscodes],
    ['dict', dicts],
    ['unit', units],
    ['category', categories],
    ['customer', customers],
    ['company', company],
    ['strategy', strategies],
    ['warehousearea', areas],
    ['warehouseplace', places],
    ['material', materials],
    ['packspec', packspecs],
    ['lgagreement', agreements],
    ['basiccarrier', carriers],
    ['basicdriver', drivers],
    ['basiccar', cars],
  ];
};

/** Seeds the demo master data for a tenant that has none, validated by each entity's own schema. */
export const seedDemoMasterData = async (records: RecordsService, pool: Pool, ctx: RecordContext): Promise<number> => {
  // once per tenant: any master data of its own (bl-basic records) means it has been set up
  const basics = entities.filter((d) => d.service === 'bl-basic').map((d) => d.name);
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = ANY($2)`,
    [ctx.tenantId, basics],
  );
  if (Number(rows[0]!.n) > 0) return 0;
  let count = 0;
  for (const [entity, recs] of demoMasterData()) {
    const def = entityByName(entity);
    if (!def) continue;
    const schema = dataSchemaOf(def);
    const parsed = recs.map((r) => {
      const p = schema.safeParse(r);
      if (!p.success) throw new Error(`demo ${entity} ${JSON.stringify(r)}: ${p.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      return p.data as Rec;
    });
    count += await records.importAll(def, ctx, parsed);
  }
  return count;
};
