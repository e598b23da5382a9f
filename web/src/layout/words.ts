import { L, type Words } from '@tpl/contracts/light';

/**
 * The console shell's words: layout, menus, tabs, top bar, lock, error log (spec 01 sections 2, 4, 5, 8).
 */
export const shellWords = {
  shell: {
    home: L('首页', 'Home', '首頁'),
    footer: L('三方物流运营控制台 © {{year}}', '3PL Operations Console © {{year}}', '三方物流營運控制台 © {{year}}'),
    logoAlt: L('三方物流运营控制台', '3PL Operations Console', '三方物流營運控制台'),
    collapse: L('收起菜单', 'Collapse menu', '收起選單'),
    expand: L('展开菜单', 'Expand menu', '展開選單'),
    search: L('搜索菜单', 'Search menus', '搜尋選單'),
    refreshMenu: L('刷新菜单', 'Refresh menus', '重新整理選單'),
    menuRefreshed: L('菜单已刷新', 'Menus refreshed', '選單已重新整理'),
    menuEmpty: L('顶部菜单【{{name}}】还没有分配菜单', 'Top menu [{{name}}] has no menus assigned yet', '頂部選單【{{name}}】還沒有分配選單'),
    topMenus: {
      work: L('工作台', 'Workbench', '工作台'),
      data: L('基础资料', 'Master data', '基礎資料'),
      admin: L('系统管理', 'Administration', '系統管理'),
    },
    tabs: {
      actions: L('标签操作', 'Tab actions', '標籤操作'),
      closeOthers: L('关闭其他', 'Close others', '關閉其他'),
      closeAll: L('关闭全部', 'Close all', '關閉全部'),
    },
    color: L('主题色', 'Theme colour', '主題色'),
    theme: {
      label: L('主题', 'Theme', '主題'),
      default: L('默认主题', 'Default', '預設主題'),
      white: L('白色主题', 'White', '白色主題'),
      star: L('炫彩主题', 'Star', '炫彩主題'),
      iview: L('iView 旗舰主题', 'iView', 'iView 旗艦主題'),
      d2: L('d2 主题', 'D2', 'd2 主題'),
      hey: L('hey 主题', 'Hey', 'hey 主題'),
    },
    language: L('语言', 'Language', '語言'),
    fullscreen: L('全屏', 'Full screen', '全螢幕'),
    exitFullscreen: L('退出全屏', 'Exit full screen', '退出全螢幕'),
    lock: {
      button: L('锁屏', 'Lock screen', '鎖屏'),
      title: L('设置锁屏密码', 'Set a lock password', '設定鎖屏密碼'),
      password: L('锁屏密码', 'Lock password', '鎖屏密碼'),
      required: L('锁屏密码不能为空', 'The lock password cannot be empty', '鎖屏密碼不能為空'),
      submit: L('锁屏', 'Lock', '鎖屏'),
      locked: L('屏幕已锁定', 'Screen locked', '螢幕已鎖定'),
      placeholder: L('请输入锁屏密码', 'Enter the lock password', '請輸入鎖屏密碼'),
      unlock: L('解锁', 'Unlock', '解鎖'),
      wrong: L('解锁密码错误，请重新输入', 'Wrong lock password, please try again', '解鎖密碼錯誤，請重新輸入'),
      logout: L('退出登录', 'Sign out', '登出'),
    },
    log: {
      button: L('错误日志', 'Error log', '錯誤日誌'),
      title: L('错误日志', 'Error log', '錯誤日誌'),
      type: L('类型', 'Type', '類型'),
      url: L('地址', 'URL', '地址'),
      message: L('内容', 'Message', '內容'),
      stack: L('错误堆栈', 'Stack', '錯誤堆疊'),
      time: L('时间', 'Time', '時間'),
      upload: L('上传服务器', 'Upload to server', '上傳伺服器'),
      clear: L('清空本地日志', 'Clear local log', '清空本機日誌'),
      uploadConfirm: L('确定上传本地日志到服务器?', 'Upload the local log to the server?', '確定上傳本機日誌到伺服器?'),
      clearConfirm: L('确定清空本地日志记录?', 'Clear the local log?', '確定清空本機日誌記錄?'),
      uploaded: L('发送成功!', 'Sent successfully!', '發送成功!'),
      cleared: L('清空成功!', 'Cleared successfully!', '清空成功!'),
    },
    user: {
      home: L('首页', 'Home', '首頁'),
      info: L('个人信息', 'My information', '個人資訊'),
      logout: L('退出登录', 'Sign out', '登出'),
      logoutConfirm: L('退出系统, 是否继续?', 'Sign out of the system. Continue?', '退出系統, 是否繼續?'),
    },
  },
} satisfies Words;
