/**
 * One API route, declared once for both sides: the server registers its handler from it (typed
 * request parts through the Fastify type provider) and the web app calls it through `api.call`.
 * Renaming a path, a field or a reply's type in the declaration fails type-check on both sides.
 */
import type { Static, TSchema } from 'typebox';
import type { RouteAccess } from './routeAccess';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The reply's type, carried by the declaration only. It is never handed to Fastify's serializer: a
 * reply schema would drop every field it does not list, and the replies carry extra top-level fields.
 */
export interface ReplyType<Reply> {
  readonly '~reply': (reply: Reply) => Reply;
}
export const replyOf = <Reply>(): ReplyType<Reply> => ({ '~reply': (reply) => reply });

/** RuoYi's envelope: HTTP 200, the outcome in `code` (the web client throws on anything but 200). */
export type MessageEnvelope = { code: number; msg: string };
export type DataEnvelope<Data> = MessageEnvelope & { data: Data };
/** RuoYi's table page. */
export type TableEnvelope<Row> = MessageEnvelope & { rows: Row[]; total: number };

// NoInfer: a builder called without type arguments takes their defaults, never the declaration's catch-all reply type.
/** `{ code, msg, data }`, plus top-level fields some replies carry (a login's `token`). */
export const dataReply = <Data, Extra extends object = object>() => replyOf<DataEnvelope<NoInfer<Data>> & NoInfer<Extra>>();
/** `{ code, msg }` and nothing else worth reading. */
export const messageReply = <Extra extends object = object>() => replyOf<MessageEnvelope & NoInfer<Extra>>();
export const tableReply = <Row, Extra extends object = object>() => replyOf<TableEnvelope<NoInfer<Row>> & NoInfer<Extra>>();
/** Bytes with their own content type (a photo, a recording): fetched through ApiFiles, never `api.call`. */
export const fileReply = () => replyOf<Blob>();

export interface RouteDeclaration {
  method: HttpMethod;
  /** Under the API prefix, Fastify style: `/workOrder/detail/:orderId`. */
  path: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** How the web app sends the body: a form (RuoYi's default for POST) or JSON (PUT's default). */
  bodyEncoding?: 'json' | 'form';
  /** Any reply type (`(reply: never) => unknown` takes every ReplyType). */
  reply: { readonly '~reply': (reply: never) => unknown };
  access: RouteAccess;
}

export const defineRoute = <const Route extends RouteDeclaration>(route: Route): Route => route;

type PartOf<Route, Key extends 'params' | 'query' | 'body'> = Route extends { [K in Key]: infer Schema extends TSchema }
  ? Static<Schema>
  : undefined;
export type ParamsOf<Route extends RouteDeclaration> = PartOf<Route, 'params'>;
export type QueryOf<Route extends RouteDeclaration> = PartOf<Route, 'query'>;
export type BodyOf<Route extends RouteDeclaration> = PartOf<Route, 'body'>;
export type ReplyOf<Route extends RouteDeclaration> = Route['reply'] extends ReplyType<infer Reply> ? Reply : never;
/** The `data` of a route's envelope. */
export type DataOf<Route extends RouteDeclaration> = ReplyOf<Route> extends { data: infer Data } ? Data : never;

/** What a caller passes: each part the route declares, and nothing it does not. */
export type RouteInput<Route extends RouteDeclaration> = ([ParamsOf<Route>] extends [undefined] ? object : { params: ParamsOf<Route> }) &
  ([QueryOf<Route>] extends [undefined] ? object : { query: QueryOf<Route> }) &
  ([BodyOf<Route>] extends [undefined] ? object : { body: BodyOf<Route> });
