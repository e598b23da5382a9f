import { appointment, dataSchemaOf, entityByName } from '@tpl/contracts';
import type { DocumentContext, DocumentKit } from '@tpl/documents';
import type { RecordContext, RecordsPort } from '@tpl/masterdata';

type Rec = Record<string, unknown>;

/** The demo operator's gate master data: its gates, inspection locations (one asking for a photo), docks of its Shanghai warehouse, the two notices. */
export const demoGateRecords = (): [entity: string, records: Rec[]][] => [
  [
    'location',
    [
      { code: 'G1', name: '一号门（货车）', locationType: 'GATE', warehouseCode: 'SH1' },
      { code: 'G2', name: '二号门（访客）', locationType: 'GATE', warehouseCode: 'SH1' },
    ],
  ],
  [
    'securityinspectionlocation',
    [
      { code: 'SI1', name: '门岗证件检查', isPicture: 0, warehouseCode: 'SH1' },
      { code: 'SI2', name: '货车车厢检查', isPicture: 1, warehouseCode: 'SH1' },
    ],
  ],
  [
    'dock',
    [
      { code: 'D01', name: '1号月台', warehouseCode: 'SH1', dockType: 'INBOUND', slotMinutes: 60, openFrom: '00:00', openTo: '23:59' },
      { code: 'D02', name: '2号月台', warehouseCode: 'SH1', dockType: 'OUTBOUND', slotMinutes: 60, openFrom: '00:00', openTo: '23:59' },
      { code: 'D03', name: '3号月台', warehouseCode: 'SH1', dockType: 'BOTH', slotMinutes: 30, openFrom: '08:00', openTo: '18:00' },
    ],
  ],
  [
    'visitornotice',
    [
      {
        code: 'SAFETY-1',
        noticeType: 'SAFETY',
        contentZh: '1. 进入库区须穿反光背心、戴安全帽。\n2. 厂区内限速5公里/小时，车辆按指示停放。\n3. 叉车作业区域禁止行人通行。\n4. 严禁吸烟和使用明火。',
        contentEn: '1. Wear a high-visibility vest and a hard hat in the warehouse.\n2. 5 km/h on site; park where the guard shows you.\n3. No walking where forklifts work.\n4. No smoking and no open flames.',
        contentMo: '1. 進入庫區須穿反光背心、戴安全帽。\n2. 廠區內限速5公里/小時，車輛按指示停放。\n3. 叉車作業區域禁止行人通行。\n4. 嚴禁吸煙和使用明火。',
      },
      {
        code: 'FACTORY-1',
        noticeType: 'FACTORY',
        contentZh: '1. 来访人员凭预约登记进出，服从门岗及安保人员指挥。\n2. 未经允许不得拍照、进入仓储区域。\n3. 司机装卸货期间不得离开月台区域。',
        contentEn: '1. Visitors come and go by their appointment and follow the guards\' directions.\n2. No photos and no entering the storage areas without leave.\n3. Drivers stay at the dock while their vehicle is loaded or unloaded.',
        contentMo: '1. 來訪人員憑預約登記進出，服從門崗及保安人員指揮。\n2. 未經允許不得拍照、進入倉儲區域。\n3. 司機裝卸貨期間不得離開月台區域。',
      },
    ],
  ],
];

/** Seeds the gate's master data a tenant is missing (once: a tenant with any gate record is left as it is). */
export const seedGateRecords = async (records: RecordsPort, ctx: RecordContext): Promise<number> => {
  if ((await records.live(ctx.tenantId, ['location', 'securityinspectionlocation', 'dock', 'visitornotice'])).length) return 0;
  let count = 0;
  for (const [entity, recs] of demoGateRecords()) {
    const def = entityByName(entity);
    if (!def) continue;
    count += await records.importAll(def, ctx, recs.map((r) => dataSchemaOf(def).parse(r) as Rec));
  }
  return count;
};

const HOUR = 3_600_000;
/** A time `hours` ahead of now, on the hour (the demo's day at the gate). */
const ahead = (now: number, hours: number) => new Date(Math.ceil(now / HOUR) * HOUR + hours * HOUR).toISOString();

/**
 * The demo's day at the gate, made through the document kit (real events and history): drivers and
 * visitors expected in the coming hours (booked, the notices read), one already in and inspected,
 * one registered who has not read the notices yet. Only for a tenant with no appointment.
 */
export const seedDemoAppointments = async (docs: DocumentKit, context: Omit<DocumentContext, 'causationId'>, now = Date.now()): Promise<number> => {
  if (await docs.any(appointment, context.tenantId)) return 0;
  let k = 0;
  const ctx = (): DocumentContext => ({ ...context, causationId: `demo-seed-appointment-${k++}` });
  const people = [
    { visitType: 'DRIVER', visitName: '王建国', phone: '13912345678', idCard: '11010519491231002X', carNo: '沪A12345', dockCode: 'D01', visitCompany: '安可食品', steps: ['read', 'book'] },
    { visitType: 'DRIVER', visitName: '李志强', phone: '13800138001', idCard: '11010519491231002X', carNo: '苏E88888', dockCode: 'D02', visitCompany: '顺达物流', steps: ['read', 'book'] },
    { visitType: 'VISITOR', visitName: '陈美玲', phone: '13700137002', idCard: '11010519491231002X', visitCompany: '华东审计事务所', visitPurpose: '年度盘点审计', steps: ['read', 'book'] },
    { visitType: 'DRIVER', visitName: '赵大勇', phone: '13600136003', idCard: '11010519491231002X', carNo: '浙B6666D', dockCode: 'D01', steps: ['read', 'book', 'checkIn', 'inspect'] },
    { visitType: 'VISITOR', visitName: '周晓', phone: '13500135004', idCard: '11010519491231002X', visitPurpose: '业务洽谈', steps: [] },
  ] as const;
  let n = 0;
  for (const [i, p] of people.entries()) {
    const { steps, ...content } = p;
    let doc = await docs.create(appointment, ctx(), { ...content, appointmentTime: ahead(now, i + 1), healthCondition: 'HEALTHY' }, crypto.randomUUID());
    const act = async (action: string, fields: Record<string, unknown> = {}) => (doc = await docs.act(appointment, ctx(), doc.id, doc.version, action, fields));
    for (const step of steps as readonly string[]) {
      if (step === 'read') {
        await act('readSafety');
        await act('readFactory');
      } else if (step === 'book') await act('book');
      else if (step === 'checkIn') await act('checkIn', { gateCode: 'G1' });
      else if (step === 'inspect') await act('inspect', { inspectionLocationCode: 'SI1' });
    }
    n += 1;
  }
  return n;
};
