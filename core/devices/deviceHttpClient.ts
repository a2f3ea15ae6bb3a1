import { createToken } from '../di/Token';
import { FetchHttpClient, type HttpClient, type HttpClientDeps } from '../http/HttpClient';
import { httpStrings } from '../http/httpStrings';
import type { Notifier } from '../ui/Notifier';

/** Spec section 9: the device-side client waits 50 000 ms (the main client 15 s). */
export const DEVICE_REQUEST_TIMEOUT_MS = 50_000;
/** Spec section 9: the device side's warnings last 2000 ms (with a close button, as every toast has). */
export const DEVICE_WARNING_MS = 2000;
/** Spec section 8: after HTTP 403 the login page opens this long after the warning. */
export const LOGIN_AFTER_FORBIDDEN_MS = 1000;

/** The HTTP client the device calls (DeviceApi) go through: the main client's envelope rules plus the device side's. */
export const DeviceHttpClient = createToken<HttpClient>(
  'DeviceHttpClient',
  '设备侧接口的 HTTP 客户端（超时 50 秒，401/403/404 按设备侧规则处理）',
);

export interface DeviceHttpClientDeps extends Pick<
  HttpClientDeps,
  'baseUrl' | 'getToken' | 'commonHeaders' | 'showErrorMessages' | 'fetch' | 'now'
> {
  notifier: Notifier;
  /** Ends the local session and shows the login page. */
  goToLogin: () => void;
  /** Removes the stored token (HTTP 403: the login expired). */
  removeToken: () => void;
  /** The 加载中… indicator. */
  loading: HttpClientDeps['loading'];
  /** Default: the browser's navigator.onLine. */
  isOffline?: () => boolean;
  /** Default: the global setTimeout (tests pass fake timers). */
  schedule?: (run: () => void, delayMs: number) => void;
}

/**
 * The device-side client of spec sections 8-9, a second configured FetchHttpClient rather than a fork:
 * 50 s timeout, its own 加载中… indicator, 2 s warnings; HTTP 401 opens the login page; HTTP 403 warns
 * 登录已过期，请重新登录, removes the stored token and opens the login page 1 s later; HTTP 404 warns that
 * the resource does not exist; a call that got no response while offline shows nothing.
 */
export function createDeviceHttpClient(deps: DeviceHttpClientDeps): FetchHttpClient {
  const schedule = deps.schedule ?? ((run, delayMs) => void setTimeout(run, delayMs));
  let loginPending = false;
  const goToLoginSoon = () => {
    // A burst of 403 replies (a page's parallel calls) opens the login page once.
    if (loginPending) return;
    loginPending = true;
    schedule(() => {
      loginPending = false;
      deps.goToLogin();
    }, LOGIN_AFTER_FORBIDDEN_MS);
  };
  return new FetchHttpClient({
    baseUrl: deps.baseUrl,
    getToken: deps.getToken,
    commonHeaders: deps.commonHeaders,
    showErrorMessages: deps.showErrorMessages,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    timeoutMs: DEVICE_REQUEST_TIMEOUT_MS,
    loading: deps.loading,
    notify: (level, message) => deps.notifier.show(level, message, DEVICE_WARNING_MS),
    onUnauthorized: () => deps.goToLogin(),
    isOffline: deps.isOffline ?? (() => globalThis.navigator?.onLine === false),
    onHttpStatus: (status, warn) => {
      if (status === 401) {
        deps.goToLogin();
        return true;
      }
      if (status === 403) {
        warn(httpStrings.deviceLoginExpired);
        deps.removeToken();
        goToLoginSoon();
        return true;
      }
      if (status === 404) {
        warn(httpStrings.deviceResourceNotFound);
        return true;
      }
      return false;
    },
  });
}
