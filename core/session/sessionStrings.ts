/** zh-CN texts of the session flow (spec sections 4, 8). */
export const sessionStrings = {
  noPermission: '该账号没有权限，请联系管理员！',
  logoutFailed: '退出登录失败，请稍后再试!',
  tenantSwitched: '已切换到',
  tenantSwitchFailed: '切换租户失败',
  repeatLogin: '您的账号已在其他地方登录',
  signedOutByAdmin: '您的账号已被管理员强制下线',
  repeatLoginHint: '当前会话已失效，请重新登录。',
  repeatLoginConfirm: '重新登录',
} as const;
