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
  captureRefused: '用户拒绝了摄像头权限',
  screenRefused: '用户取消了屏幕共享或拒绝了权限',
  noCamera: '没有找到摄像头',
  cameraBusy: '摄像头被其他程序占用，无法打开',
  screenUnsupported: '当前浏览器不支持共享屏幕',
  cameraEnded: '摄像头已断开，推流已停止',
  screenEnded: '屏幕共享已结束，推流已停止',
  pushInterrupted: '推流连接已中断',
  operatorEnded: '该操作员已停止推流',
  noPicture: '连接后长时间没有收到画面',
  pictureLost: '视频连接已中断',
} as const;

/**
 * Video rooms on Janus (spec section 8, video room and gateway errors; section 5, capture rules): what
 * operators read. `janusLibraryMessages` translates the janus-gateway library's own English messages.
 */
export const videoRoomStrings = {
  startMeetingFirst: '请先开始会议',
  roomNotFound: '会议室不存在',
  roomDestroyed: '会议室已被关闭',
  kicked: '你已被管理员移出会议室',
  left: '已离开会议室',
  webrtcUnsupported: '浏览器不支持 WebRTC，无法加入会议室',
  libraryFailed: (why: string) => `媒体网关组件加载失败：${why}`,
  needAudioOrVideo: '至少需要开启音频或视频',
  screenNeedsVideo: '共享屏幕需要开启视频',
  screenBrowser: '共享屏幕仅支持 Chrome 或 Firefox 浏览器',
  publishFailed: (why: string) => `发布本地画面失败：${why}`,
  retryWithoutAudio: '无法同时采集音频和视频，已改为只发布视频',
  remoteFeedMissing: '远端视频不存在',
  subscribeFailed: (display: string, why: string) => `订阅 ${display} 的画面失败：${why}`,
  gatewayError: (code: number | undefined, why: string) => (code ? `会议室出错（${code}）：${why}` : `会议室出错：${why}`),
} as const;

/** The janus-gateway library's messages (spec section 8) in Chinese; anything else is shown as it came. */
export const janusLibraryMessages: Record<string, string> = {
  'Lost connection to the server (is it down?)': '与媒体服务器的连接已断开（服务器是否已停止？）',
  'Error connecting to any of the provided Janus servers: Is the server down?': '无法连接任何媒体服务器，服务器是否已停止？',
  'Invalid handle': '无效的会话句柄',
  'No capture device found': '没有找到采集设备',
  'Audio capture is required, but no capture device found': '需要采集音频，但没有找到麦克风',
  'Video capture is required, but no capture device found': '需要采集视频，但没有找到摄像头',
  'getUserMedia not available': '浏览器不支持获取音视频设备（getUserMedia not available）',
  'Probably a network error, is the server down?': '网络错误，媒体服务器可能已停止',
  'Request timed out': '请求媒体服务器超时',
  'API call failed': '媒体服务器接口调用失败',
  'remote videoId not exist': '远端视频不存在',
  'Invalid server url': '媒体服务器地址无效',
};

/** A Janus or browser error as an operator reads it. */
export function janusMessage(error: unknown): string {
  const text =
    typeof error === 'string'
      ? error
      : error instanceof Error || (error && typeof (error as { message?: unknown }).message === 'string')
        ? (error as { name?: string; message: string }).name === 'NotAllowedError'
          ? '用户拒绝了摄像头或麦克风权限'
          : (error as { message: string }).message
        : String(error);
  return (
    janusLibraryMessages[text] ??
    (text.startsWith('Lost connection') ? janusLibraryMessages['Lost connection to the server (is it down?)']! : text)
  );
}
