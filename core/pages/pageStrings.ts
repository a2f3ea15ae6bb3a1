/** zh-CN texts of the core's own pages (not found, the real-time board); the shell's are in shell/shellStrings.ts. */
export const pageStrings = {
  notFoundTitle: '页面不存在',
  notFoundDescription: '您访问的页面不存在或已被移除。',
  backToLogin: '返回登录页',
  realTimeBroadTitle: '实时态势大屏',
  realTimeBroadDescription: '请使用带令牌的大屏地址打开（/realTimeBroad?token=…），或先登录后再打开本页。',
  goToLogin: '去登录',
  boardTitle: (tenant: string) => `${tenant} · 实时态势`,
  loading: '加载中…',
} as const;
