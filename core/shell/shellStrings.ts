/** zh-CN texts of the shell: header, home page, module pages. */
export const shellStrings = {
  buildingTitle: '功能建设中',
  buildingDescription: (title: string) => `“${title}”页面正在建设中，后续版本上线。`,
  homeTitle: '城市运行一览',
  homeEmpty: '当前租户下没有可用模块',
  childPages: '子页面',
  childEntries: '子页面入口',
  tenantLabel: '切换租户',
  logout: '退出登录',
  userMenu: '当前用户',
  home: '首页',
  loading: '加载中…',
  clock: '当前时间',
  weather: (city: string, text: string, temperature: number, band: string) => `${city}天气：${text}，${Math.round(temperature)}℃，${band}`,
  humidity: (percent: number) => `湿度 ${Math.round(percent)}%`,
  wallMode: '大屏模式',
  exitWallMode: '退出大屏',
} as const;
