/** zh-CN texts of the core widget library (every user-facing word of core/widgets). */
export const widgetStrings = {
  // The shared frame: loading, empty and error states.
  loading: '加载中…',
  refreshing: '正在刷新',
  empty: '暂无数据',
  loadFailed: '数据加载失败',
  retry: '重试',
  retryLabel: '重新加载数据',
  staleData: (message: string) => `刷新失败：${message}`,
  unknownError: '未知错误',

  // Module navigation: Home's tiles and a module root's child pages.
  modulesLabel: '功能模块',
  noModules: '当前租户下没有可用模块',
  tileChildren: (count: number) => `${count} 个子页面`,
  tileSinglePage: '单页模块',
  tileWithMap: ' · 地图',
  tileFigureUnavailable: (label: string) => `${label}暂不可读`,
  tileFigureFailed: (label: string, message: string) => `${label}读取失败：${message}`,
  noChildren: '暂无可打开的子页面（菜单权限未包含本模块的子页面）',
  childrenOf: (module: string) => `${module}的子页面`,
  childBuilt: '已上线',
  childPlanned: '规划中',
  childBuiltHint: (title: string) => `打开${title}`,
  childPlannedHint: (title: string) => `${title}将在后续版本上线`,

  // Stat card and group.
  compareYesterday: '较昨日',
  trendUp: '上升',
  trendDown: '下降',
  trendFlat: '持平',

  // Ranking.
  rankingLabel: '排行榜',
  rankLabel: (rank: number, name: string, value: string) => `第 ${rank} 名 ${name}：${value}`,

  // Video tile.
  videoIdle: '未选择摄像机',
  videoIdleHint: '在左侧选择摄像机，画面将在此播放',
  videoConnecting: '正在连接视频…',
  videoUnavailable: '视频源不可用',
  videoFailed: '视频播放失败',
  videoLabel: (name: string) => `实时视频：${name}`,
  videoEmptyLabel: '空闲的视频窗口',
  videoSnapshot: '截图',
  videoFullscreen: '全屏',
  videoStop: '停止播放',
  videoDetail: '设备详情',
  videoReplay: '重新连接',
  videoSnapshotName: (name: string, time: string) => `${name}-${time}.png`,

  // Table.
  tableLabel: '数据表',
  filterPlaceholder: '筛选…',
  filterLabel: '筛选表格内容',
  clearFilter: '清除筛选',
  sortBy: (title: string) => `按「${title}」排序`,
  sortedAscending: '升序',
  sortedDescending: '降序',
  total: (count: string) => `共 ${count} 条`,
  showing: (shown: string, total: string) => `显示 ${shown} 条，共 ${total} 条`,
  matched: (count: string) => `筛选出 ${count} 条`,
  noMatch: '没有符合筛选条件的数据',
  previousPage: '上一页',
  nextPage: '下一页',
  page: (page: number, pages: number) => `第 ${page} / ${pages} 页`,

  // Alarm list.
  alarmListLabel: '告警列表',
  alarmLabel: (type: string, grade: string, time: string, device: string) => `${type}，${grade}级，${time}${device ? `，${device}` : ''}`,
  gradeSuffix: '级',
  moreAlarms: (shown: number, total: string) => `显示最新 ${shown} 条，共 ${total} 条`,

  // Device status.
  deviceStatusLabel: '设备在线状态',
  online: '在线',
  offline: '离线',
  onlineRate: '在线率',
  totalDevices: '设备总数',
  kindStatus: (name: string, online: string, offline: string, rate: string) => `${name}：在线 ${online}，离线 ${offline}，在线率 ${rate}`,

  // Timeline.
  timelineLabel: '事件时间线',

  // Clock.
  clockLabel: '当前时间',

  // Charts.
  chartLabel: {
    line: '折线图',
    bar: '柱状图',
    pie: '饼图',
    gauge: '仪表盘',
    heatmap: '热力图',
  },
  chartSummary: (kind: string, parts: string[]) => `${kind}：${parts.join('；')}`,
  seriesSummary: (name: string, count: number) => `${name}（${count} 个数据点）`,
  total_: '合计',
  chartFailed: '图表无法绘制',
  gaugeRange: (min: string, max: string, unit: string) => `范围 ${min}～${max}${unit}`,
  seriesDefault: '数值',

  // Date range field.
  dateRange: '日期范围',
  beginDate: '开始日期',
  endDate: '结束日期',
  invalidDate: '日期格式应为 年-月-日',
  outOfRange: '超出可选范围',
  overlappingDates: '结束日期早于开始日期',
  clearDates: '清除日期',
  shortcuts: { today: '今天', yesterday: '昨天', last7Days: '最近 7 天', last30Days: '最近 30 天', thisMonth: '本月', lastMonth: '上月' },
} as const;
