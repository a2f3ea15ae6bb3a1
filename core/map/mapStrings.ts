import type { MapPosition } from '../geo/parsePosition';

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
  loadingDevice: '正在加载设备…',
  deviceFailed: '设备加载失败',
  closePanel: '关闭',
  unknownKind: (kind: string) => `未知的设备类型：${kind}`,
  findDevice: '在地图上查找设备',
  findPlaceholder: '输入设备名称或编号',
  foundDevices: '查找结果',
  noDeviceFound: '没有找到设备',
  relocate: '调整位置',
  dragHint: '拖动红圈到设备的新位置',
  newPosition: (position: MapPosition) => `新位置：${position.longitude.toFixed(8)}, ${position.latitude.toFixed(8)}，高度 ${position.height}`,
  savePosition: '保存位置',
  cancelRelocate: '取消调整',
  positionSaved: '位置已保存',
  effectEvents: '效果事件',
  effectFailed: (id: string, reason: string) => `地图效果“${id}”无法绘制：${reason}`,
} as const;
