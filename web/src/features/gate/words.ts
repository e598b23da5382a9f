import { L, type Words } from '@tpl/contracts/light';

/** Words of the gate's screens (issue 31): the notices' reading screens and the guard's check-in screen. Field, state and action words come from the appointment's description. */
export const gateScreenWords = {
  menu: {
    appointmentManagement: L('门岗预约', 'Appointments', '門崗預約'),
    gateCheckIn: L('门岗签到', 'Gate check-in', '門崗簽到'),
  },
  gate: {
    register: {
      driver: L('司机预约登记', 'Driver registration', '司機預約登記'),
      visitor: L('访客预约登记', 'Visitor registration', '訪客預約登記'),
      readNotices: L('阅读须知并提交', 'Read the notices and submit', '閱讀須知並提交'),
    },
    read: {
      title: L('访客须知', 'Notices for visitors', '訪客須知'),
      carTitle: L('司机须知', 'Notices for drivers', '司機須知'),
      safety: L('安全须知', 'Safety notice', '安全須知'),
      factory: L('厂区须知', 'Site rules', '廠區須知'),
      agree: L('我已阅读并同意', 'I have read and accept this', '我已閱讀並同意'),
      done: L('已阅读', 'Read', '已閱讀'),
      submit: L('提交预约', 'Submit the booking', '提交預約'),
      submitted: L('预约已提交', 'The booking is submitted', '預約已提交'),
      notSet: L('尚未设置此须知，请联系管理员', 'This notice is not set up yet: ask the administrator', '尚未設定此須知，請聯絡管理員'),
      noAppointment: L('请从预约登记进入此页面', 'Open this page from a registration', '請從預約登記進入此頁面'),
      closed: L('预约「{{billNo}}」当前为「{{state}}」，无需阅读须知', 'Appointment {{billNo}} is "{{state}}": nothing to read now', '預約「{{billNo}}」當前為「{{state}}」，無需閱讀須知'),
      back: L('返回预约', 'Back to the appointment', '返回預約'),
      step: L('第{{n}}步，共3步', 'Step {{n}} of 3', '第{{n}}步，共3步'),
    },
    slots: {
      range: L('{{from}}–{{to}}', '{{from}}–{{to}}', '{{from}}–{{to}}'),
      taken: L('{{range}} 已约满', '{{range}} taken', '{{range}} 已約滿'),
      takenBy: L('{{range}} 已被预约 {{billNo}} 占用', '{{range}} taken by {{billNo}}', '{{range}} 已被預約 {{billNo}} 佔用'),
      past: L('{{range}} 已过', '{{range}} past', '{{range}} 已過'),
      none: L('该月台当天不开放', 'The dock is not open that day', '該月台當天不開放'),
      chosen: L('已选：月台 {{dock}}，{{day}} {{range}}', 'Chosen: dock {{dock}}, {{day}} {{range}}', '已選：月台 {{dock}}，{{day}} {{range}}'),
    },
    checkIn: {
      title: L('门岗签到', 'Gate check-in', '門崗簽到'),
      today: L('今日预约 {{count}}', 'Expected today: {{count}}', '今日預約 {{count}}'),
      search: L('车牌号或手机号', 'Plate or mobile', '車牌號碼或手機號'),
      showAll: L('含已离场', 'Include those gone', '含已離場'),
      refresh: L('刷新', 'Refresh', '重新整理'),
      empty: L('今日没有待处理的预约', 'No one expected today', '今日沒有待處理的預約'),
      expected: L('预约 {{time}}', 'Expected {{time}}', '預約 {{time}}'),
      dock: L('月台 {{dock}}', 'Dock {{dock}}', '月台 {{dock}}'),
      open: L('详情', 'Details', '詳情'),
    },
  },
} satisfies Words;
