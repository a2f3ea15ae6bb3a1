/** What a session fetch needs: where the API is and the session's token. */
export interface SessionFetchDeps {
  apiBaseUrl: () => string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}

/** `fetch` for calls outside the RuoYi envelope (SDP offers, video files), with the session where it belongs. */
export type SessionFetch = (pathOrUrl: string, init?: RequestInit) => Promise<Response>;

/**
 * Relative paths hang off the API base; an absolute URL (a media server of its own) is used as is. The
 * session's token goes only to the API's own origin, never to a server elsewhere.
 */
export function createSessionFetch({
  apiBaseUrl,
  getToken,
  fetch: fetchImpl = (...args) => fetch(...args),
}: SessionFetchDeps): SessionFetch {
  return (pathOrUrl, init = {}) => {
    const base = new URL(apiBaseUrl().replace(/\/?$/, '/'), globalThis.location?.href ?? 'http://localhost/');
    const url = /^[a-z]+:\/\//i.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(pathOrUrl.replace(/^\//, ''), base);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    const token = getToken();
    if (token && url.origin === base.origin) headers.Authorization = `Bearer ${token}`;
    return fetchImpl(url.toString(), { ...init, headers });
  };
}
