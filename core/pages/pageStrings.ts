/** zh-CN texts of the core pages and the shell. */
export const pageStrings = {
  notFoundTitle: '页面不存在',
  notFoundDescription: '您访问的页面不存在或已被移除。',
  backToLogin: '返回登录页',
  backHome: '返回首页',
  realTimeBroadTitle: '实时广播',
  realTimeBroadDescription: '实时广播大屏由后续的广播功能接入后显示播放中的节目与音柱状态。',
  buildingTitle: '功能建设中',
  buildingDescription: (title: string) => `“${title}”页面正在建设中，后续版本上线。`,
  homeTitle: '功能模块',
  homeEmpty: '当前租户下没有可用模块',
  childPages: '子页面',
  tenantLabel: '切换租户',
  logout: '退出登录',
  userMenu: '当前用户',
  home: '首页',
  loading: '加载中…',
} as const;
