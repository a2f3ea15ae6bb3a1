import type { ReplyOf, RouteDeclaration, RouteInput } from '../../contracts/api/defineRoute';
import { createToken } from '../di/Token';
import type { HttpClient, QueryParams, QueryValue, RequestOptions } from './HttpClient';

/** A route's input when it declares none: nothing to pass. */
type CallArguments<Route extends RouteDeclaration> =
  object extends RouteInput<Route>
    ? [input?: RouteInput<Route>, options?: RequestOptions]
    : [input: RouteInput<Route>, options?: RequestOptions];

/**
 * Calls the API through its contract (contracts/api): `api.call(routes.workOrders.list, { query })`.
 * The path, its parameters, the query and body fields and the reply's type all come from the route's
 * declaration, the one the server registers its handler from; the call goes through HttpClient
 * (envelope, error toasts, 401 → login, loading overlay), which rejects every reply but code 200.
 */
export interface ApiCaller {
  call<Route extends RouteDeclaration>(route: Route, ...args: CallArguments<Route>): Promise<ReplyOf<Route>>;
}

export const Api = createToken<ApiCaller>('Api', '按接口契约（contracts/api）调用后端');

const isQueryValue = (value: unknown): value is QueryValue =>
  value === null ||
  value === undefined ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'));

/** The declared fields as HttpClient sends them (a query string or a form repeats an array's items). */
function queryParams(values: object | undefined): QueryParams {
  const params: QueryParams = {};
  for (const [name, value] of Object.entries(values ?? {})) if (isQueryValue(value)) params[name] = value;
  return params;
}

/** `/workOrder/detail/:orderId` with `{ orderId: 7 }` → `/workOrder/detail/7`; a missing parameter is a programming error. */
export function fillPath(path: string, params: object | undefined): string {
  const values = new Map(Object.entries(params ?? {}));
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null || value === '') throw new Error(`接口 ${path} 缺少路径参数 ${name}`);
    return encodeURIComponent(String(value));
  });
}

const partOf = (input: object | undefined, part: 'params' | 'query' | 'body'): object | undefined => {
  const value: unknown = input ? new Map(Object.entries(input)).get(part) : undefined;
  return typeof value === 'object' && value !== null ? value : undefined;
};

export function createApiCaller(http: HttpClient): ApiCaller {
  return {
    async call<Route extends RouteDeclaration>(route: Route, ...[input, options = {}]: CallArguments<Route>): Promise<ReplyOf<Route>> {
      const path = fillPath(route.path, partOf(input, 'params'));
      const query = queryParams(partOf(input, 'query'));
      const body = Object.fromEntries(Object.entries(partOf(input, 'body') ?? {}));
      // RuoYi's convention: a form unless the route says JSON (PUT bodies are JSON).
      const json = (route.bodyEncoding ?? (route.method === 'PUT' ? 'json' : 'form')) === 'json';
      const reply =
        route.method === 'GET'
          ? await http.get(path, query, options)
          : route.method === 'DELETE'
            ? await http.delete(path, query, options)
            : await withQuery(http, route.method, path, query, body, { ...options, json });
      // The server's handler is compiled against the same declaration, so its reply has the declared type.
      return reply as ReplyOf<Route>;
    },
  };
}

/** POST and PUT: a query string too when the route declares one (an upload's target, a filter). */
function withQuery(
  http: HttpClient,
  method: 'POST' | 'PUT',
  path: string,
  query: QueryParams,
  body: Record<string, unknown>,
  options: RequestOptions,
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const item of [value].flat()) if (item !== undefined && item !== null) search.append(name, String(item));
  const target = search.size ? `${path}?${search.toString()}` : path;
  return method === 'PUT' ? http.put(target, body, options) : http.post(target, body, options);
}
