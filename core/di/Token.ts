declare const serviceType: unique symbol;
declare const contributionType: unique symbol;

/**
 * A typed service identifier (Lumino style): a symbol that carries the type of the one service bound
 * to it, so `useService(token)` infers that type. Inversify takes it as any symbol. The phantom
 * member is invariant, so a token of one type is never accepted where another type is expected.
 */
export type Token<T> = symbol & { readonly [serviceType]: (service: T) => T };

/** A typed multi-binding: every plugin may bind a `T` to it; the core reads them all with `getAll`. */
export type ContributionPoint<T> = symbol & { readonly [contributionType]: (contribution: T) => T };

const descriptions = new Map<symbol, string>();

/** Creates a service token; `name` is what errors show (e.g. 未绑定的服务：HttpClient). */
export function createToken<T>(name: string, description = ''): Token<T> {
  const token = Symbol(name);
  descriptions.set(token, description);
  return token as Token<T>;
}

/** Creates a contribution point, read with `getAll`. */
export function createContributionPoint<T>(name: string, description = ''): ContributionPoint<T> {
  const point = Symbol(name);
  descriptions.set(point, description);
  return point as ContributionPoint<T>;
}

/** The sentence a token or contribution point was created with. */
export function describeToken(token: symbol): string {
  return descriptions.get(token) ?? '';
}

/** The value type behind a token or a contribution point. */
export type TokenType<K> = K extends Token<infer T> ? T : K extends ContributionPoint<infer T> ? T : never;
