import { attachment, datetime, docRef, flag, idCard, mobile, oneOf, plate, ref, text } from '../../entities/define';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L } from '../../i18n/labels';

/** A notice read: the flag the reading screen sets and the notice read (its code); the server resolves both, never the caller. */
const notice = L('所读须知', 'Notice read', '所讀須知');

/**
 * Appointment (spec 02: visitType, carNo, appointmentTime, visitName, phone, idCard, isReadSafety,
 * isReadFactory, healthCondition): a visitor's or a driver's booked visit to the site. Registered
 * (by the visitor or by staff), the safety notice and the site rules read on their screens
 * (appointmentCarRead / appointmentVisitRead), then submitted: booked, with the dock slot it names
 * taken. At the gate the guard checks the visitor in, the security staff inspect at an inspection
 * location (a photo where the location asks for one), and the guard checks them out; a booking
 * not kept is marked a no-show, one not wanted cancelled. docs/DOMAIN.md "Gate: appointments".
 */
export const appointment = defineDocument({
  name: 'appointment',
  service: 'bl-gate',
  streamType: 'Appointment',
  title: L('预约登记', 'Appointment', '預約登記'),
  billNo: { serialCode: 'appointment', prefix: 'YY', serialName: L('预约单号', 'Appointment number', '預約單號') },
  header: {
    visitType: oneOf(L('来访类型', 'Visit type', '來訪類型'), {
      DRIVER: L('司机送提货', 'Driver (delivery or collection)', '司機送提貨'),
      VISITOR: L('访客', 'Visitor', '訪客'),
    }, { required: true, filter: true }),
    visitName: text(L('姓名', 'Name', '姓名'), { required: true, max: 50, filter: true }),
    phone: mobile(L('手机号', 'Mobile', '手機號'), { required: true }),
    idCard: idCard(L('身份证号', 'ID card number', '身份證號碼'), { required: true, list: false }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    appointmentTime: datetime(L('预约时间', 'Appointment time', '預約時間'), { required: true }),
    healthCondition: oneOf(L('健康状况', 'Health', '健康狀況'), {
      HEALTHY: L('健康，无不适', 'Healthy, no symptoms', '健康，無不適'),
      FEVER: L('发热', 'Fever', '發熱'),
      RESPIRATORY: L('咳嗽等呼吸道症状', 'Cough or other respiratory symptoms', '咳嗽等呼吸道症狀'),
      OTHER: L('其他不适', 'Otherwise unwell', '其他不適'),
    }, { required: true }),
    visitCompany: text(L('来访单位', 'Company', '來訪單位'), { max: 100 }),
    visitPurpose: text(L('来访事由', 'Purpose of the visit', '來訪事由'), { max: 200, list: false }),
    // a driver's: the dock slot taken at booking, and the bill the vehicle comes for
    dockCode: ref(L('月台', 'Dock', '月台'), 'dock', { filter: true }),
    inboundBillNo: docRef(L('预约入库单', 'Booked inbound', '預約入庫單'), 'orderisinstockbill', { states: ['Audited', 'Receiving'] }),
    outboundBillNo: docRef(L('出库单', 'Outbound bill', '出庫單'), 'osoutstockbill', { states: ['Audited', 'Allocated', 'Waved', 'Picked'] }),
  },
  refine: (c, ctx) => {
    if (c.visitType === 'DRIVER' && !c.carNo) ctx.addIssue({ code: 'custom', path: ['carNo'], message: 'validation.gate.carNoForDriver' });
    if (c.visitType !== 'DRIVER') {
      for (const k of ['dockCode', 'inboundBillNo', 'outboundBillNo'] as const) if (c[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'validation.gate.driversOnly' });
    }
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('登记中', 'Registering', '登記中'), on: { EDIT: 'Draft', READ_SAFETY: 'SafetyRead', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      SafetyRead: { label: L('已读安全须知', 'Safety notice read', '已讀安全須知'), on: { EDIT: 'SafetyRead', READ_FACTORY: 'NoticesRead', CANCEL: 'Cancelled' } },
      NoticesRead: { label: L('须知已读，待提交', 'Notices read, to submit', '須知已讀，待提交'), tone: 'warning', on: { EDIT: 'NoticesRead', BOOK: 'Booked', CANCEL: 'Cancelled' } },
      Booked: { label: L('已预约', 'Booked', '已預約'), tone: 'processing', on: { CHECK_IN: 'CheckedIn', NO_SHOW: 'NoShow', CANCEL: 'Cancelled' } },
      CheckedIn: { label: L('已进场', 'Checked in', '已進場'), tone: 'processing', on: { INSPECT: 'Inspected', REFUSE: 'Refused' } },
      Inspected: { label: L('已安检', 'Inspected', '已安檢'), tone: 'warning', on: { CHECK_OUT: 'CheckedOut' } },
      CheckedOut: { label: L('已离场', 'Checked out', '已離場'), tone: 'success', final: true },
      Refused: { label: L('安检未通过', 'Refused at inspection', '安檢未通過'), tone: 'error', final: true },
      NoShow: { label: L('未到访', 'No-show', '未到訪'), tone: 'default', final: true },
      Cancelled: { label: L('已取消', 'Cancelled', '已取消'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    readSafety: {
      label: L('已阅读安全须知', 'Safety notice read', '已閱讀安全須知'),
      event: 'READ_SAFETY',
      fact: 'SafetyNoticeRead',
      fields: {
        isReadSafety: flag(L('已读安全须知', 'Read the safety notice', '已讀安全須知'), { generated: true }),
        safetyNoticeCode: text(notice, { max: 40, generated: true }),
      },
      at: 'safetyReadAt',
      confirm: L('来访人已阅读并同意安全须知', 'The visitor has read and accepts the safety notice', '來訪人已閱讀並同意安全須知'),
    },
    readFactory: {
      label: L('已阅读厂区须知', 'Site rules read', '已閱讀廠區須知'),
      event: 'READ_FACTORY',
      fact: 'FactoryNoticeRead',
      fields: {
        isReadFactory: flag(L('已读厂区须知', 'Read the site rules', '已讀廠區須知'), { generated: true }),
        factoryNoticeCode: text(notice, { max: 40, generated: true }),
      },
      at: 'factoryReadAt',
      confirm: L('来访人已阅读并同意厂区须知', 'The visitor has read and accepts the site rules', '來訪人已閱讀並同意廠區須知'),
    },
    book: {
      label: L('提交预约', 'Submit the booking', '提交預約'),
      factLabel: L('已预约', 'Booked', '已預約'),
      event: 'BOOK',
      fact: 'Booked',
      // the dock slot the booking takes, resolved by the server from the dock and the appointment time
      fields: {
        slotStart: datetime(L('月台时段开始', 'Dock slot from', '月台時段開始'), { generated: true }),
        slotEnd: datetime(L('月台时段结束', 'Dock slot to', '月台時段結束'), { generated: true }),
      },
      at: 'bookedAt',
      by: 'bookedBy',
      confirm: true,
    },
    checkIn: {
      label: L('进场登记', 'Check in', '進場登記'),
      event: 'CHECK_IN',
      fact: 'CheckedIn',
      fields: {
        gateCode: ref(L('进场门岗', 'Gate', '進場門崗'), 'location', { required: true }),
        checkedInAt: datetime(L('进场时间', 'Checked in at', '進場時間')),
      },
      nowFields: ['checkedInAt'],
      by: 'checkedInBy',
    },
    inspect: {
      label: L('安检通过', 'Inspection passed', '安檢通過'),
      event: 'INSPECT',
      fact: 'Inspected',
      fields: {
        inspectionLocationCode: ref(L('安检点', 'Inspection location', '安檢點'), 'securityinspectionlocation', { required: true }),
        inspectionPhoto: attachment(L('安检照片', 'Inspection photo', '安檢照片'), { image: true }),
        inspectionRemark: text(L('安检说明', 'Inspection note', '安檢說明'), { max: 200 }),
      },
      at: 'inspectedAt',
      by: 'inspectedBy',
      hint: L('安检点要求拍照时须上传照片', 'Where the location asks for a photo, attach one', '安檢點要求拍照時須上傳照片'),
    },
    refuse: {
      label: L('安检不通过', 'Refuse entry', '安檢不通過'),
      event: 'REFUSE',
      fact: 'RefusedAtInspection',
      fields: {
        inspectionLocationCode: ref(L('安检点', 'Inspection location', '安檢點'), 'securityinspectionlocation', { required: true }),
        inspectionPhoto: attachment(L('安检照片', 'Inspection photo', '安檢照片'), { image: true }),
        reason: text(L('不通过原因', 'Reason', '不通過原因'), { required: true, max: 200 }),
      },
      as: { reason: 'refuseReason' },
      at: 'inspectedAt',
      by: 'inspectedBy',
      danger: true,
    },
    checkOut: {
      label: L('离场登记', 'Check out', '離場登記'),
      event: 'CHECK_OUT',
      fact: 'CheckedOut',
      fields: {
        exitGateCode: ref(L('离场门岗', 'Exit gate', '離場門崗'), 'location'),
        checkedOutAt: datetime(L('离场时间', 'Checked out at', '離場時間')),
      },
      nowFields: ['checkedOutAt'],
      by: 'checkedOutBy',
    },
    noShow: {
      label: L('未到访', 'No-show', '未到訪'),
      event: 'NO_SHOW',
      fact: 'NoShow',
      at: 'noShowAt',
      danger: true,
      confirm: true,
    },
    cancel: cancelAction({ label: L('取消预约', 'Cancel the appointment', '取消預約'), reason: L('取消原因', 'Reason', '取消原因') }),
  },
  list: {
    columns: ['billNo', 'visitType', 'visitName', 'phone', 'carNo', 'appointmentTime', 'dockCode', 'state', { key: 'slotStart', path: 'slotStart', label: L('月台时段', 'Dock slot', '月台時段'), kind: 'datetime' }, 'checkedInAt', 'checkedOutAt'],
    filters: [
      { key: 'billNo', match: 'contains' },
      'state',
      'visitType',
      { key: 'carNo', match: 'contains' },
      { key: 'phone', match: 'contains' },
      { key: 'visitName', match: 'contains' },
      'appointmentTime',
      { key: 'dockCode', match: 'exact' },
    ],
    defaultSort: 'appointmentTime',
    defaultOrder: 'asc',
  },
  menu: { parent: 'appointmentManagement', sort: 1, icon: 'idcard' },
  routes: {
    list: '/appointment/appointmentList',
    new: '/appointment/appointmentCar',
    view: '/appointment/appointmentView/:id',
    edit: '/appointment/appointmentEdit/:id',
  },
  example: {
    visitType: 'DRIVER',
    visitName: '王师傅',
    phone: '13912345678',
    idCard: '11010519491231002X',
    carNo: '沪A12345',
    appointmentTime: '2030-01-07T09:00:00+08:00',
    healthCondition: 'HEALTHY',
  },
});

export type Appointment = typeof appointment;
