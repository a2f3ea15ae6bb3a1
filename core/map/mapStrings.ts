/** zh-CN texts of the map. */
export const mapStrings = {
  globe: '三维地图',
  map2d: '二维地图',
  loading: '正在加载地图…',
  failed: '地图加载失败',
  views: '视角',
  viewSwitcher: '切换视角',
  mainView: '主视角',
  deviceLayer: (shown: number, total: number, online: number) => `设备 ${total} 台（在线 ${online}），当前显示 ${shown} 个标记`,
  findDevice: '在地图上查找设备',
  findPlaceholder: '输入设备名称或编号',
  foundDevices: '查找结果',
  noDeviceFound: '没有找到设备',
  effectEvents: '效果事件',
  effectFailed: (id: string, message: string) => `地图效果“${id}”无法绘制：${message}`,
  layerFailed: (id: string, reason: string) => `地图图层“${id}”无法加载：${reason}`,
  districtsFailed: (reason: string) => `区县边界无法加载：${reason}`,
} as const;
