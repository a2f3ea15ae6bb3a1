import { ApiError } from './ApiError';
import { httpStrings } from './httpStrings';
import { createToken } from '../di/Token';

/** RuoYi envelope. Extra top-level fields (token, user, img …) pass through. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
  [key: string]: unknown;
}

export interface RequestOptions {
  /** Show the loading overlay (default true; spec: unless `loading:false`). */
  loading?: boolean;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Send the body as JSON instead of the default form-urlencoded. */
  json?: boolean;
  /** No toast on failure: the caller shows the error where it happened (a panel's error state). A 401 still signs out. */
  quiet?: boolean;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

/** Where the client reports to; each is a core service in the app and a fake in tests. */
export interface HttpClientDeps {
  baseUrl: () => string;
  getToken: () => string | null;
  /** Extra headers sent on every call (web-session and auth-code headers). */
  commonHeaders: () => Record<string, string>;
  showErrorMessages: () => boolean;
  notify: (level: 'error' | 'warning', message: string) => void;
  /** Called once per burst of 401 replies; must log the user out. */
  onUnauthorized: (message: string) => void;
  loading: { start: () => void; stop: () => void };
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  /**
   * Answers a non-200 HTTP status its own way instead of the generic error (the device-side client's 401,
   * 403 and 404, spec section 8); true when it did. `warn` shows a warning unless the call is quiet.
   */
  onHttpStatus?: (status: number, warn: (message: string) => void) => boolean;
  /** True while the browser is offline: a call that got no response then shows nothing (device-side client). */
  isOffline?: () => boolean;
}

export const HttpClient = createToken<HttpClient>('HttpClient', '调用后端接口的 HTTP 客户端（RuoYi 信封）');
export interface HttpClient {
  get<T = unknown>(path: string, params?: QueryParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  post<T = unknown>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** RuoYi's edits (@PutMapping): the body as JSON unless `json: false`. */
  put<T = unknown>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** RuoYi's removals (@DeleteMapping): parameters in the query string, no body. */
  delete<T = unknown>(path: string, params?: QueryParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
}

export const REQUEST_TIMEOUT_MS = 15_000;

function appendParams(search: URLSearchParams, params: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
}

/** The main API client of spec sections 7-9: envelope handling, error catalogue, loading overlay, timeout. */
export class FetchHttpClient implements HttpClient {
  private unauthorizedReported = false;

  constructor(private readonly deps: HttpClientDeps) {}

  get<T>(path: string, params: QueryParams = {}, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
    const search = new URLSearchParams();
    appendParams(search, params);
    // Cache-busting parameter required on every GET (spec section 7).
    search.set('noCache', String((this.deps.now ?? Date.now)()));
    return this.send<T>('GET', `${path}?${search.toString()}`, undefined, options);
  }

  post<T>(path: string, body: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
    return this.send<T>('POST', path, body, options);
  }

  put<T>(path: string, body: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
    return this.send<T>('PUT', path, body, { json: true, ...options });
  }

  delete<T>(path: string, params: QueryParams = {}, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
    const search = new URLSearchParams();
    appendParams(search, params);
    const query = search.toString();
    return this.send<T>('DELETE', query ? `${path}?${query}` : path, undefined, options);
  }

  /** Lets a new login report a later 401 again. */
  resetUnauthorized(): void {
    this.unauthorizedReported = false;
  }

  private async send<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: Record<string, unknown> | undefined,
    options: RequestOptions,
  ): Promise<ApiEnvelope<T>> {
    const headers: Record<string, string> = { ...this.deps.commonHeaders() };
    const token = this.deps.getToken();
    if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      if (options.json) {
        headers['Content-Type'] = 'application/json;charset=utf-8';
        payload = JSON.stringify(body);
      } else {
        headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=utf-8';
        const form = new URLSearchParams();
        appendParams(form, body);
        payload = form.toString();
      }
    }
    const showLoading = options.loading !== false;
    if (showLoading) this.deps.loading.start();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
    try {
      let response: Response;
      try {
        response = await (this.deps.fetch ?? fetch)(`${this.deps.baseUrl()}${path.startsWith('/') ? path : `/${path}`}`, {
          method,
          headers,
          body: payload,
          signal: controller.signal,
        });
      } catch (error) {
        if (this.deps.isOffline?.()) throw new ApiError(httpStrings.networkError, 0);
        const message = controller.signal.aborted
          ? httpStrings.timeout
          : error instanceof Error && error.message
            ? error.message
            : httpStrings.networkError;
        this.report('error', message, options);
        throw new ApiError(message, 0);
      }
      const text = await response.text().catch(() => '');
      let envelope: ApiEnvelope<T> | undefined;
      if (text.trim()) {
        try {
          envelope = JSON.parse(text) as ApiEnvelope<T>;
        } catch {
          envelope = undefined;
        }
      }
      if (response.status !== 200) {
        const message = (envelope && typeof envelope.msg === 'string' && envelope.msg) || httpStrings.httpErrorFallback;
        const handled = this.deps.onHttpStatus?.(response.status, (warning) => this.report('warning', warning, options)) ?? false;
        if (!handled) this.report('error', message, options);
        throw new ApiError(message, envelope?.code ?? 0, response.status);
      }
      if (!envelope || typeof envelope !== 'object') {
        this.report('warning', httpStrings.emptyBody, options);
        throw new ApiError(httpStrings.emptyBody, 0, response.status);
      }
      // A body without a code is a plain payload (e.g. a static JSON): hand it back as is.
      const code = typeof envelope.code === 'number' ? envelope.code : 200;
      if (code === 200) return envelope;
      const message = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : '';
      if (code === 401) {
        const text401 = message || httpStrings.sessionExpired;
        if (!this.unauthorizedReported) {
          this.unauthorizedReported = true;
          this.deps.onUnauthorized(text401);
        }
        throw new ApiError(text401, 401);
      }
      if (code === 500) {
        const text500 = `${message || httpStrings.unknownError}!`;
        this.report('warning', text500, options);
        throw new ApiError(text500, 500);
      }
      const nested = envelope.data && typeof envelope.data === 'object' ? (envelope.data as { msg?: unknown }).msg : undefined;
      const other = message || (typeof nested === 'string' && nested) || httpStrings.unknownError;
      this.report('warning', other, options);
      throw new ApiError(other, code);
    } finally {
      clearTimeout(timer);
      if (showLoading) this.deps.loading.stop();
    }
  }

  private report(level: 'error' | 'warning', message: string, options: RequestOptions): void {
    if (this.deps.showErrorMessages() && !options.quiet) this.deps.notify(level, message);
  }
}
