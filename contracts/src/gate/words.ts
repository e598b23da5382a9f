import { L, type Words } from '../i18n/labels';

/** The gate's server messages (issue 31): every refusal says what to do in the user's words. */
export const gateWords = {
  // rules of the description's fields (zod issues carry validation.* keys)
  validation: {
    gate: {
      day: L('请选择日期', 'Choose a day', '請選擇日期'),
      hhmm: L('请输入时间，格式为 时:分（如 08:30）', 'Enter a time as hours:minutes (08:30)', '請輸入時間，格式為 時:分（如 08:30）'),
      carNoForDriver: L('司机预约请输入车牌号', 'A driver\'s appointment needs the plate number', '司機預約請輸入車牌號碼'),
      driversOnly: L('只有司机预约可以选择月台和单据', 'Only a driver\'s appointment names a dock or a bill', '只有司機預約可以選擇月台和單據'),
    },
  },
  gate: {
    // the dock slots' query (the registration form's slot picker)
    slots: {
      fields: {
        dockCode: L('月台', 'Dock', '月台'),
        day: L('日期', 'Day', '日期'),
      },
    },
    errors: {
      appointmentPast: L('{{label}}不能早于当前时间', '{{label}} cannot be in the past', '{{label}}不能早於當前時間'),
      noticeMissing: L('尚未设置「{{notice}}」，请先在访客须知中维护', 'No {{notice}} is set up yet: write it under Visitor notices first', '尚未設定「{{notice}}」，請先在訪客須知中維護'),
      dockMissing: L('月台「{{dock}}」不存在或已作废', 'Dock {{dock}} does not exist or is marked invalid', '月台「{{dock}}」不存在或已作廢'),
      dockClosed: L('月台「{{dock}}」的开放时间为{{from}}至{{to}}，预约时间{{time}}不在其内', 'Dock {{dock}} is open from {{from}} to {{to}}; {{time}} is outside', '月台「{{dock}}」的開放時間為{{from}}至{{to}}，預約時間{{time}}不在其內'),
      slotTaken: L('月台「{{dock}}」{{start}}至{{end}}的时段已被预约「{{billNo}}」占用，请换一个时段或月台', 'Dock {{dock}} is already booked from {{start}} to {{end}} by appointment {{billNo}}: choose another time or dock', '月台「{{dock}}」{{start}}至{{end}}的時段已被預約「{{billNo}}」佔用，請換一個時段或月台'),
      billMissing: L('单据「{{billNo}}」不存在或当前状态不能预约到货', 'Bill {{billNo}} does not exist or is not in a state a vehicle can come for', '單據「{{billNo}}」不存在或當前狀態不能預約到貨'),
      unwell: L('来访人申报「{{health}}」，不能进场，请改约', 'The visitor declared "{{health}}" and cannot be admitted: book another day', '來訪人申報「{{health}}」，不能進場，請改約'),
      locationMissing: L('安检点「{{location}}」不存在或已作废', 'Inspection location {{location}} does not exist or is marked invalid', '安檢點「{{location}}」不存在或已作廢'),
      photoRequired: L('安检点「{{location}}」要求拍照，请上传{{label}}', 'Inspection location {{location}} requires a photo: attach the {{label}}', '安檢點「{{location}}」要求拍照，請上傳{{label}}'),
    },
  },
} satisfies Words;
