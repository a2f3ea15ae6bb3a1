/** Spec section 8, microphone alerts, and the words of voice messages and quick intercom groups. */
export const voiceStrings = {
  unsupported: '浏览器不支持录音',
  denied: '用户拒绝了麦克风权限',
  hardware: '硬件不支持',
  notFound: '没有找到麦克风',
  cannotOpen: '无法打开麦克风',
  uploadFailed: (why: string) => `上传录音失败：${why}`,
  speechFailed: (why: string) => `语音转文字失败：${why}`,
  serviceError: '服务异常',
  groupCreateFailed: '创建临时群组失败，请稍后再试',
  groupName: (n: number) => `群组${n}`,
} as const;
