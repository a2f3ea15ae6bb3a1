/** zh-CN texts of the HTTP client (spec sections 8 and 9). */
export const httpStrings = {
  loading: '努力请求服务中…',
  httpErrorFallback: '出错了~！',
  emptyBody: '返回数据为空',
  timeout: '请求超时，请稍后再试',
  networkError: '网络错误',
  unknownError: '未知错误',
  sessionExpired: '登录状态已过期，请重新登录',
} as const;
