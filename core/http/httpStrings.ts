/** zh-CN texts of the HTTP clients (spec sections 8 and 9). */
export const httpStrings = {
  loading: '努力请求服务中…',
  httpErrorFallback: '出错了~！',
  emptyBody: '返回数据为空',
  timeout: '请求超时，请稍后再试',
  networkError: '网络错误',
  unknownError: '未知错误',
  sessionExpired: '登录状态已过期，请重新登录',
  /** The device-side client (spec section 8: HTTP 403, HTTP 404; section 9: its indicator). */
  deviceLoginExpired: '登录已过期，请重新登录',
  deviceResourceNotFound: '请求的资源不存在',
  deviceLoading: '加载中…',
} as const;
