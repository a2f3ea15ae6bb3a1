/** zh-CN texts of the session flow (spec sections 4, 8). */
export const sessionStrings = {
  noPermission: '该账号没有权限，请联系管理员！',
  logoutFailed: '退出登录失败，请稍后再试!',
  tenantSwitched: '已切换到',
  tenantSwitchFailed: '切换租户失败',
} as const;
