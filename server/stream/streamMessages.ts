/** Why a stream cannot be had; the app shows these (spec: result code -1 and the server's message). */
export const streamMessages = {
  noSource: '视频源不可用：服务器未安装 ffmpeg，无法生成模拟摄像机画面',
  sourceFailed: (why: string) => `视频源不可用：${why}`,
  sourceStopped: '视频源不可用：视频源在连接建立前已停止，请重试',
  badOffer: (why: string) => `SDP 无效：${why}`,
  noVideo: 'SDP 中没有视频，无法播放',
  notVideoDevice: (name: string) => `${name}没有实时视频`,
  noVideoToPush: 'SDP 中没有要推送的视频（推流需发送视频）',
  channelGone: (name: string) => `${name}的推流已结束`,
} as const;
