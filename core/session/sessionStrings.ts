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
  incomingCall: '语音对讲来电',
  incomingCallFrom: (caller: string, group: string) => `${caller} 邀请你加入对讲「${group}」`,
  incomingCallNoPage: '你没有语音对讲页面的权限，只能拒绝。',
  answerCall: '接听',
  refuseCall: '拒绝',
} as const;
