/** zh-CN texts of the core's device services (the device pages' own texts live in the device-center plugin). */
export const deviceStrings = {
  badStatusPush: '设备状态推送缺少设备编号或在线状态，已忽略',
} as const;
