import { createApiCaller, type ApiCaller } from '../http/ApiCaller';
import { createDeviceHttpClient } from '../devices/deviceHttpClient';
import { FetchHttpClient } from '../http/HttpClient';
import type { RuntimeConfig } from '../config/RuntimeConfig';
import { createAuthApi, type AuthApi } from '../session/authApi';
import { DefaultAuthService } from '../session/AuthService';
import { tokenStorage } from '../session/tokenStorage';
import { useDeviceLoadingStore, useLoadingStore } from '../ui/loadingStore';
import { BlueprintNotifier, type Notifier } from '../ui/Notifier';

const WEB_SESSION_KEY = 'web-session-id';
const AUTH_CODE_KEY = 'authCode';

/** A per-tab id sent in the web-session header so the server can tell tabs apart. */
function webSessionId(): string {
  let id = sessionStorage.getItem(WEB_SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(WEB_SESSION_KEY, id);
  }
  return id;
}

/** The three request headers of spec section 6 besides the bearer token. */
export function commonHeaders(config: RuntimeConfig): Record<string, string> {
  // The auth-code header is a fixed client constant stored locally (spec section 6).
  localStorage.setItem(AUTH_CODE_KEY, config.authCode);
  return { 'X-Web-Session': webSessionId(), 'X-Auth-Code': localStorage.getItem(AUTH_CODE_KEY) ?? config.authCode };
}

export interface AppServices {
  config: RuntimeConfig;
  http: FetchHttpClient;
  /** Calls through the API contract, over `http`. */
  caller: ApiCaller;
  /** The device-side client (spec section 8) the device calls go through. */
  deviceHttp: FetchHttpClient;
  api: AuthApi;
  auth: DefaultAuthService;
  notifier: Notifier;
  /** The router sets this once mounted; services navigate through it. */
  setNavigate(navigate: (path: string) => void): void;
}

export function createAppServices(config: RuntimeConfig, notifier: Notifier = new BlueprintNotifier()): AppServices {
  let navigate: (path: string) => void = (path) => window.location.assign(path);
  // Late-bound: the client reports 401 to the auth service created just below.
  let onUnauthorized: (message: string) => void = () => undefined;
  const http = new FetchHttpClient({
    baseUrl: () => config.apiBaseUrl,
    getToken: () => tokenStorage.get(),
    commonHeaders: () => commonHeaders(config),
    showErrorMessages: () => config.showErrorMessages,
    notify: (level, message) => notifier.show(level, message),
    onUnauthorized: (message) => onUnauthorized(message),
    loading: { start: () => useLoadingStore.getState().start(), stop: () => useLoadingStore.getState().stop() },
  });
  const caller = createApiCaller(http);
  const deviceHttp = createDeviceHttpClient({
    baseUrl: () => config.apiBaseUrl,
    getToken: () => tokenStorage.get(),
    commonHeaders: () => commonHeaders(config),
    showErrorMessages: () => config.showErrorMessages,
    notifier,
    goToLogin: () => auth.forceLogout(),
    removeToken: () => tokenStorage.clear(),
    loading: { start: () => useDeviceLoadingStore.getState().start(), stop: () => useDeviceLoadingStore.getState().stop() },
  });
  const api = createAuthApi(http);
  const auth = new DefaultAuthService({
    api,
    navigate: (path) => navigate(path),
    onLogin: () => {
      http.resetUnauthorized();
      deviceHttp.resetUnauthorized();
    },
  });
  onUnauthorized = (message) => {
    notifier.show('error', message);
    auth.forceLogout();
  };
  return {
    config,
    http,
    caller,
    deviceHttp,
    api,
    auth,
    notifier,
    setNavigate: (next) => {
      navigate = next;
    },
  };
}
