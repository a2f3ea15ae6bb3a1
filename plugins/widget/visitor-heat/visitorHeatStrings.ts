/** What the 游客热力 widget says. */
export const visitorHeatStrings = {
  empty: '所选时间内没有客流计数',
  showOnMap: '在地图上显示热力',
  scale: '热力色标',
  low: '少',
  busiest: '人最多的位置',
  perCount: (value: string, unit: string) => `平均 ${value} ${unit}`,
  samples: (count: string) => `${count} 次计数`,
  cameras: (count: string) => `${count} 个摄像机位置`,
  notDrawn: (reason: string) => `热力图无法绘制：${reason}`,
} as const;
