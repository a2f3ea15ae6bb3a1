import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ContextConfigDefault, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { RawRequestDefaultExpression } from 'fastify/types/utils';
import type { TSchema } from 'typebox';
import type { ReplyOf, RouteDeclaration } from '../../contracts/api/defineRoute';

type SchemaPart<Route, Key extends 'params' | 'query' | 'body'> = Route extends { [K in Key]: infer Schema extends TSchema }
  ? Schema
  : undefined;

/** The route's input schemas under Fastify's names. */
export interface RouteSchema<Route extends RouteDeclaration> {
  params: SchemaPart<Route, 'params'>;
  querystring: SchemaPart<Route, 'query'>;
  body: SchemaPart<Route, 'body'>;
}

/** A request whose body, query and params have the types the TypeBox type provider derives from the declaration. */
export type RouteRequest<Route extends RouteDeclaration> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RouteSchema<Route>,
  TypeBoxTypeProvider
>;

/** A handler answers with the declared reply, or sends something else itself (a file) and returns the reply object. */
export type RouteHandler<Route extends RouteDeclaration> = (
  request: RouteRequest<Route>,
  reply: FastifyReply,
) => Promise<ReplyOf<Route> | FastifyReply>;

/** Only the parts the route declares: the route table and the bad-input catalogue read which exist. */
function schemaOf<Route extends RouteDeclaration>(declared: Route): RouteSchema<Route> {
  const schema = {
    ...(declared.params ? { params: declared.params } : {}),
    ...(declared.query ? { querystring: declared.query } : {}),
    ...(declared.body ? { body: declared.body } : {}),
  };
  // Each part is the declaration's own schema, so its type is the declared one (TypeScript cannot follow the spread).
  return schema as RouteSchema<Route>;
}

/**
 * Registers a declared route (contracts/api): its path, method, access (`config.access`, enforced by
 * enforceRouteAccess) and input schemas (validated by ajv as every route's: normalizeInput, no
 * coercion, Chinese messages). The reply type is checked at compile time only; Fastify serialises
 * the reply as it is.
 */
export function route<Route extends RouteDeclaration>(
  api: FastifyInstance,
  declared: Route,
  handler: RouteHandler<Route>,
  /** `logLevel: 'silent'` keeps a route (health probes) out of the access log. */
  options: { bodyLimit?: number; logLevel?: 'silent' } = {},
): void {
  api.withTypeProvider<TypeBoxTypeProvider>().route<RouteGenericInterface, ContextConfigDefault, RouteSchema<Route>>({
    method: declared.method,
    url: declared.path,
    config: { access: declared.access },
    schema: schemaOf(declared),
    ...options,
    handler: (request, reply) => handler(request, reply),
  });
}
