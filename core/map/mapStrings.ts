/** zh-CN texts of the map. */
export const mapStrings = {
  globe: '三维地图',
  map2d: '二维地图',
  loading: '正在加载地图…',
  failed: '地图加载失败',
  views: '视角',
  viewSwitcher: '切换视角',
  mainView: '主视角',
} as const;
