import type { Pool } from 'pg';
import { dataSchemaOf, entities, entityByName } from '@tpl/contracts';
import { RECORDS_TABLE } from './engine/records.migrations';
import type { RecordsService } from './engine/records.service';
import type { RecordContext } from './engine/records.port';

type Rec = Record<string, unknown>;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A working warehouse's master data: units, categories, owners, areas and bins, materials, agreements, fleet. */
/**
 * The demo's master data. `until`: the last day the demo's fee agreements and freight prices
 * run to (they start on 2026-01-01); the seed passes the end of the year after the one it runs
 * in, so a demo first started in any year bills its last month and this one.
 */
export const demoMasterData = (until = '2026-12-31'): [entity: string, records: Rec[]][] => {
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
  // tax numbers: unified social credit codes (18 characters), as a month bill and an invoice print them
  const customers: Rec[] = [
    ['C001', '安可食品', '上海安可食品有限公司', '上海', '李雷', '13800138000', '91310115MA1H7C0018'],
    ['C002', '蓝河饮料', '蓝河饮料（上海）有限公司', '上海', '周敏', '13611112222', '91310112MA1G8B0027'],
    ['C003', '金谷贸易', '江苏金谷贸易有限公司', '江苏', '陈杰', '13922223333', '91320500MA1N2D0036'],
    ['C004', '洁净日化', '浙江洁净日化股份有限公司', '浙江', '吴涛', '13733334444', '91330100MA2J4E0045'],
    ['C005', '森林纸业', '安徽森林纸业有限公司', '安徽', '徐宁', '13544445555', '91340100MA2K5F0054'],
    ['C006', '冰川冷链', '上海冰川冷链食品有限公司', '上海', '何雨', '18655556666', '91310118MA1J6G0063'],
  ].map(([code, name, fullName, province, linkman, mobile, taxNumber]) => ({ code, name, fullName, province, linkman, mobile, taxNumber, address: `${province}市工业园区${String(code).slice(-2)}号` }));
  const company: Rec[] = [{ code: 'HB01', name: '港湾物流', fullName: '上海港湾物流有限公司', linkman: '杜晓娜', mobile: '13912345678', address: '上海市浦东新区港城路1号', taxNumber: '91310115MA1K9H0012' }];
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
    // a second warehouse of the operator: goods travel between the two on an allocate bill (调拨单)
    { code: 'SZ1', name: '苏州一号仓', warehouseareaType: 'WAREHOUSE', companyCode: 'HB01', defaultWarehouseFlag: 0 },
    { code: 'SZ1-A', name: '苏州A区 常温', warehouseareaType: 'ZONE', parentCode: 'SZ1' },
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
  // Suzhou's zone A: two aisles of four bins (SZ-01-01 …)
  for (let r = 1; r <= 2; r++) {
    for (let l = 1; l <= 4; l++) {
      places.push({ warehouseAreaCode: 'SZ1-A', code: `SZ-${pad(r)}-${pad(l)}`, coordinateX: r, coordinateY: l, maxVolume: 2, minVolume: 0, volume: 2.4, area: 1.44, capacityRatio: (r * 13 + l * 11) % 100 });
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
  // a carton of 40 x 27 x 22 cm, a bag of 60 x 40 x 12 cm, a bottle (the pack specifications below)
  const UNIT_VOLUME: Record<string, number> = { CTN: 0.0238, BAG: 0.0288, BTL: 0.006 };
  const PACK_OF: Record<string, string> = { CTN: 'PS-CTN24', BAG: 'PS-BAG10' };
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
          // what a document line takes when it names none: m³ per piece, and the carton or bag it comes in (docs/DOMAIN.md)
          unitVolume: UNIT_VOLUME[unit],
          ...(PACK_OF[unit] ? { packspecCode: PACK_OF[unit] } : {}),
          upshelfStrategyCode: 'PUT-FIFO',
          downshelfStrategyCode: cat === 'COLD' || cat === 'BEV' ? 'PICK-FEFO' : 'PICK-NEAR',
        });
      }
    }
  }
  // the operator's own packing materials (no cargo owner): what a shipment or a repack is packed with, billed at each agreement's package-material price
  materials.push(
    { code: 'PK001', name: '五层瓦楞纸箱 60x40x40', spec: '60x40x40cm', categoryCode: 'PACK', unitCode: 'PCS', price: 2.5, gross: 0.8, type: 'PACK' },
    { code: 'PK002', name: '木托盘 1200x1000', spec: '1200x1000mm', categoryCode: 'PACK', unitCode: 'PCS', price: 35, gross: 20, type: 'PACK' },
    { code: 'PK003', name: '缠绕膜 50cm', spec: '50cm x 300m', categoryCode: 'PACK', unitCode: 'PCS', price: 8, gross: 2, type: 'PACK' },
  );
  const packspecs: Rec[] = [
    { code: 'PS-CTN24', name: '24瓶/箱 40箱/托', qtyWeg: 13.5, boardQty: 40, volumeLength: 40, volumeWidth: 27, volumeHeight: 22, unit1Code: 'BTL', unit1Rate: 1, unit2Code: 'CTN', unit2Rate: 24, unit3Code: 'PLT', unit3Rate: 960 },
    { code: 'PS-BAG10', name: '10kg袋 100袋/托', qtyWeg: 10, boardQty: 100, volumeLength: 60, volumeWidth: 40, volumeHeight: 12, unit1Code: 'BAG', unit1Rate: 1, unit2Code: 'PLT', unit2Rate: 100 },
  ];
  const agreements: Rec[] = customers.map((c, i) => ({
    code: `AG-${c.code}-2026`,
    name: `${c.name} 仓储协议`,
    customerCode: c.code,
    startDate: '2026-01-01',
    endDate: until,
    warehouseAreaCode: i === 5 ? 'SH1-C' : 'SH1',
    cycleUnitCost: 30 + i * 2,
    dayUnitCost: 1.2 + i * 0.1,
    invalid: 0,
    packagePrices: [
      { materialCode: 'PK001', price: 3.5 },
      { materialCode: 'PK002', price: 45 },
      { materialCode: 'PK003', price: 12 },
    ],
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
  // the fleet passes the dispatch rules (plate, ID card, mobile): the board is alive on first sign-in (issue 14)
  const drivers: Rec[] = [
    { code: 'D01', name: '王强', mobile: '13700137000', idCard: '310101198503120014', licenseNo: 'A2-310001', carrierCode: 'CR01' },
    { code: 'D02', name: '刘洋', mobile: '13511112222', idCard: '310104199007230015', licenseNo: 'A2-310002', carrierCode: 'CR01' },
    { code: 'D03', name: '马骏', mobile: '18912345678', idCard: '320501198811050015', licenseNo: 'B2-320003', carrierCode: 'CR02' },
    { code: 'D04', name: '赵磊', mobile: '13912340004', idCard: '310115199203140016', licenseNo: 'A2-310004', carrierCode: 'CR01' },
  ];
  const cars: Rec[] = [
    { carNo: '沪A12345', carType: 'BOX_TRUCK', loadWeight: 10, loadVolume: 45, carrierCode: 'CR01', driverCode: 'D01' },
    { carNo: '沪BD12345', carType: 'VAN', loadWeight: 2, loadVolume: 12, carrierCode: 'CR01', driverCode: 'D02' },
    { carNo: '苏E8K321', carType: 'REFRIGERATED', loadWeight: 8, loadVolume: 30, carrierCode: 'CR02', driverCode: 'D03' },
    { carNo: '沪C66881', carType: 'BOX_TRUCK', loadWeight: 5, loadVolume: 25, carrierCode: 'CR01', driverCode: 'D04' },
  ];
  // routes, their freight prices and the depots they run between (issue 14)
  const depots: Rec[] = [
    { code: 'DP-SH', name: '上海分拨中心', deptType: 'HUB', city: '上海', address: '上海市宝山区物流园1号', linkman: '高峰', mobile: '13812340001' },
    { code: 'DP-SZ', name: '苏州营业网点', deptType: 'BRANCH', city: '苏州', address: '苏州市工业园区物流路8号' },
    { code: 'DP-HZ', name: '杭州合作网点', deptType: 'PARTNER', city: '杭州', address: '杭州市余杭区仓前街道' },
  ];
  const lines: Rec[] = [
    { code: 'L-SH', name: '上海市内配送', origin: '上海分拨中心', destination: '上海市区', distance: 60, durationHours: 6 },
    { code: 'L-SH-SZ', name: '上海-苏州', origin: '上海分拨中心', destination: '苏州营业网点', distance: 110, durationHours: 8 },
    { code: 'L-SH-HZ', name: '上海-杭州', origin: '上海分拨中心', destination: '杭州合作网点', distance: 180, durationHours: 10 },
  ];
  const pays: Rec[] = [
    { code: 'P-SH', name: '市内配送 按重量', lineCode: 'L-SH', basis: 'WEIGHT', unitPrice: 80, startDate: '2026-01-01', endDate: until },
    { code: 'P-SH-SZ', name: '上海-苏州 按重量', lineCode: 'L-SH-SZ', basis: 'WEIGHT', unitPrice: 120, startDate: '2026-01-01', endDate: until },
    { code: 'P-SH-HZ', name: '上海-杭州 按体积', lineCode: 'L-SH-HZ', basis: 'VOLUME', unitPrice: 95, startDate: '2026-01-01', endDate: until },
  ];
  const goodsPays: Rec[] = [{ code: 'G-SH-SZ-BEV', lineCode: 'L-SH-SZ', materialCode: 'M0010', basis: 'VOLUME', unitPrice: 150 }];
  const packagePrices: Rec[] = [
    { code: 'PK-STD', name: '标准件装卸费', unitPrice: 0.5 },
    { code: 'PK-SH', name: '市内配送件装卸费', lineCode: 'L-SH', unitPrice: 0.3 },
  ];
  const shippingRules: Rec[] = [{ customerCode: 'C003', maxShipmentBatch: 5, freezeShipment: 0 }];
  const dicts: Rec[] = [
    { code: 'staffType', dictValue: '人员类型', sort: 1, items: [{ dictKey: '1', dictValue: '正式员工', sort: 1 }, { dictKey: '2', dictValue: '劳务派遣', sort: 2 }, { dictKey: '3', dictValue: '临时工', sort: 3 }] },
  ];
  // billing (issue 15): what the other charges are priced by, and who does the piece-work
  const costtypes: Rec[] = [
    { code: 'STORAGE', name: '仓储费', category: 'STORAGE', unitCode: 'T', price: 1.5 },
    { code: 'HANDLING', name: '装卸费', category: 'HANDLING', unitCode: 'T', price: 18 },
    { code: 'VAS-LABEL', name: '贴标', category: 'VALUE_ADDED', unitCode: 'PCS', price: 0.35 },
    { code: 'VAS-WRAP', name: '缠绕膜打托', category: 'VALUE_ADDED', unitCode: 'PLT', price: 15 },
    { code: 'VAS-REPACK', name: '换箱重包装', category: 'VALUE_ADDED', unitCode: 'CTN', price: 2.5 },
    { code: 'TRANSPORT', name: '短驳运费', category: 'TRANSPORT', unitCode: 'T', price: 45 },
    { code: 'OTHER', name: '其他费用', category: 'OTHER' },
  ];
  const employees: Rec[] = [
    { code: 'E001', name: '张伟', post: '装卸组长', staffType: '1' },
    { code: 'E002', name: '李娜', post: '叉车司机', staffType: '1' },
    { code: 'E003', name: '王磊', post: '理货员', staffType: '2' },
  ];
  const porters: Rec[] = [
    { code: 'P001', name: '赵刚', team: '一班', pricePerTon: 8 },
    { code: 'P002', name: '孙涛', team: '二班', pricePerTon: 7.5 },
  ];
  // the owners' suppliers: a purchase apply names who sends the goods in (issue 30)
  const suppliers: Rec[] = [
    { code: 'S001', name: '华南食品', fullName: '华南食品供应有限公司', linkman: '黄敏', mobile: '13812340011', address: '广州市黄埔区食品园3号' },
    { code: 'S002', name: '东海日化', fullName: '东海日化用品有限公司', linkman: '徐亮', mobile: '13812340012', address: '宁波市北仑区工业路18号' },
  ];
  // the cargo owners' plants their materials come from (material sync takes a factory's materials)
  const factories: Rec[] = [
    { code: 'F01', name: '安可一厂', fullName: '上海安可食品有限公司第一工厂', linkman: '李雷', mobile: '13800138000', address: '上海市金山工业区1号' },
    { code: 'F02', name: '蓝河饮料厂', fullName: '蓝河饮料（上海）有限公司灌装厂', linkman: '周敏', mobile: '13611112222', address: '上海市松江工业区8号' },
  ];
  const syscodes: Rec[] = [{ seqCode: 'consignment', seqName: '托运单号', prefixValue: 'TY', minValue: 1, maxValue: 99999 }];
  return [
    ['syscode', syscodes],
    ['dict', dicts],
    ['unit', units],
    ['category', categories],
    ['customer', customers],
    ['supplier', suppliers],
    ['company', company],
    ['factory', factories],
    ['strategy', strategies],
    ['warehousearea', areas],
    ['warehouseplace', places],
    // a material names its pack specification: those first
    ['packspec', packspecs],
    ['material', materials],
    ['lgagreement', agreements],
    ['basiccarrier', carriers],
    ['basicdriver', drivers],
    ['basiccar', cars],
    ['basicdept', depots],
    ['basicline', lines],
    ['basicpay', pays],
    ['basicgoodsforpay', goodsPays],
    ['basicpackge', packagePrices],
    ['customershippingrules', shippingRules],
    ['costtype', costtypes],
    ['employee', employees],
    ['porter', porters],
  ];
};

/**
 * The second demo operator's master data (tenant 100002, 东风供应链, a Wuhan contract
 * logistics company): a small set of its own, so that a new user can work in it at once, with
 * codes and names none of the first operator's, so that a leak either way would show: two
 * customers with their materials and fee agreements, one warehouse with a zone of eight bins,
 * its company, one carrier with a driver and a vehicle, and one route with its price.
 */
export const secondOperatorMasterData = (until = '2026-12-31'): [entity: string, records: Rec[]][] => {
  const units: Rec[] = [
    { code: 'PCS', name: '件', type: 'QUANTITY', rate: 1, benchmarkUnitFlag: 1, defaultUnitFlag: 1 },
    { code: 'CTN', name: '箱', type: 'QUANTITY', rate: 6 },
    { code: 'KG', name: '千克', type: 'WEIGHT', rate: 1, benchmarkUnitFlag: 1 },
  ];
  const categories: Rec[] = [
    { code: 'APPL', name: '小家电', type: 'FINISHED_GOODS' },
    { code: 'HOME', name: '家居用品', type: 'FINISHED_GOODS' },
  ];
  const customers: Rec[] = [
    { code: 'DF-C01', name: '楚天电器', fullName: '武汉楚天电器销售有限公司', province: '湖北', linkman: '罗斌', mobile: '13871230001', address: '武汉市东西湖区金银湖路16号', taxNumber: '91420112MA4K1P0011' },
    { code: 'DF-C02', name: '汉江家居', fullName: '湖北汉江家居用品有限公司', province: '湖北', linkman: '程丽', mobile: '13871230002', address: '武汉市汉阳区龙阳大道88号', taxNumber: '91420105MA4K2Q0022' },
  ];
  const company: Rec[] = [{ code: 'DF', name: '东风供应链', fullName: '武汉东风供应链管理有限公司', linkman: '易立', mobile: '13871239999', address: '武汉市东西湖区走马岭物流园1号', taxNumber: '91420112MA4K0D0010' }];
  const strategies: Rec[] = [
    { code: 'DF-PUT', name: '按入库顺序上架', type: 'SHELVING', rule: 'FIFO', priority: 1 },
    { code: 'DF-PICK', name: '先进先出拣货', type: 'PICKING', rule: 'FIFO', priority: 1 },
  ];
  const areas: Rec[] = [
    { code: 'WH-WH1', name: '武汉一号仓', warehouseareaType: 'WAREHOUSE', companyCode: 'DF', defaultWarehouseFlag: 1 },
    { code: 'WH-WH1-A', name: 'A区 常温', warehouseareaType: 'ZONE', parentCode: 'WH-WH1' },
  ];
  const places: Rec[] = [];
  for (let r = 1; r <= 2; r++) {
    for (let l = 1; l <= 4; l++) places.push({ warehouseAreaCode: 'WH-WH1-A', code: `WA-${pad(r)}-${pad(l)}`, coordinateX: r, coordinateY: l, maxVolume: 2, minVolume: 0, volume: 2.4, area: 1.44 });
  }
  const materials: Rec[] = (
    [
      ['DF-M01', '电饭煲 3L', 'APPL', 'DF-C01', 4.5, 199],
      ['DF-M02', '电热水壶 1.7L', 'APPL', 'DF-C01', 1.8, 89],
      ['DF-M03', '空气炸锅 5L', 'APPL', 'DF-C01', 5.2, 329],
      ['DF-M04', '收纳箱 45L', 'HOME', 'DF-C02', 1.6, 39],
      ['DF-M05', '纯棉四件套', 'HOME', 'DF-C02', 2.4, 259],
      ['DF-M06', '记忆棉枕', 'HOME', 'DF-C02', 1.2, 129],
    ] as const
  ).map(([code, name, categoryCode, custCode, gross, price]) => ({
    code,
    name,
    spec: name.split(' ')[1] ?? '',
    categoryCode,
    unitCode: 'CTN',
    custCode,
    price,
    gross,
    suttle: Math.round(gross * 0.9 * 100) / 100,
    batchFlag: 0,
    normalDate: 1095,
    brand: custCode,
    upshelfStrategyCode: 'DF-PUT',
    downshelfStrategyCode: 'DF-PICK',
  }));
  const agreements: Rec[] = customers.map((c, i) => ({
    code: `AG-${c.code}-2026`,
    name: `${c.name} 仓储协议`,
    customerCode: c.code,
    startDate: '2026-01-01',
    endDate: until,
    warehouseAreaCode: 'WH-WH1',
    cycleUnitCost: 28 + i * 2,
    dayUnitCost: 1.1,
    invalid: 0,
    tiers: [{ lowerLimit: 0, upLimit: 100000, price: 1.3 }],
  }));
  const carriers: Rec[] = [{ code: 'DF-CR1', name: '江城运输', linkman: '周强', mobile: '13871230101', address: '武汉市东西湖区物流大道9号' }];
  const drivers: Rec[] = [{ code: 'DF-D01', name: '周强', mobile: '13871230101', idCard: '420102198807150011', licenseNo: 'A2-420001', carrierCode: 'DF-CR1' }];
  const cars: Rec[] = [{ carNo: '鄂A5K721', carType: 'BOX_TRUCK', loadWeight: 8, loadVolume: 35, carrierCode: 'DF-CR1', driverCode: 'DF-D01' }];
  const lines: Rec[] = [{ code: 'DF-L1', name: '武汉市内配送', origin: '武汉一号仓', destination: '武汉市区', distance: 50, durationHours: 6 }];
  const pays: Rec[] = [{ code: 'DF-P1', name: '市内配送 按重量', lineCode: 'DF-L1', basis: 'WEIGHT', unitPrice: 75, startDate: '2026-01-01', endDate: until }];
  return [
    ['unit', units],
    ['category', categories],
    ['customer', customers],
    ['company', company],
    ['strategy', strategies],
    ['warehousearea', areas],
    ['warehouseplace', places],
    ['material', materials],
    ['lgagreement', agreements],
    ['basiccarrier', carriers],
    ['basicdriver', drivers],
    ['basiccar', cars],
    ['basicline', lines],
    ['basicpay', pays],
  ];
};

/**
 * Seeds a demo master data set (the first operator's unless `set` says which) for a tenant that
 * has none, validated by each entity's own schema. `today` (the business day): its agreements run
 * to the end of the following year.
 */
export const seedDemoMasterData = async (
  records: RecordsService,
  pool: Pool,
  ctx: RecordContext,
  today = new Date().toISOString().slice(0, 10),
  set: (until: string) => [entity: string, records: Rec[]][] = demoMasterData,
): Promise<number> => {
  // once per tenant: any master data of its own (bl-basic records) means it has been set up
  const basics = entities.filter((d) => d.service === 'bl-basic').map((d) => d.name);
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = ANY($2)`,
    [ctx.tenantId, basics],
  );
  if (Number(rows[0]!.n) > 0) return 0;
  let count = 0;
  for (const [entity, recs] of set(`${Number(today.slice(0, 4)) + 1}-12-31`)) {
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
