/** What operators read about live video (spec section 8, stream errors), in one place. */
export const mediaStrings = {
  iceFailed: 'ICE 协商失败，无法连接视频流',
  exchangeFailed: (why: string) => `offer/answer 交换失败：${why}`,
  captureFailed: (why: string) => `获取本地媒体流失败：${why}`,
  noMediaDevices: '浏览器不支持获取音视频设备（getUserMedia not available）',
  screenNeedsVideo: '共享屏幕需要开启视频',
  endpointRefused: (code: number) => `视频服务拒绝了请求（代码 ${code}）`,
  endpointUnreadable: '视频服务的应答无法识别',
  streamUnavailable: '视频源不可用',
  recordingUnreadable: '录像文件无法读取',
} as const;
