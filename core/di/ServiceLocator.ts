import type { Token } from './Token';

/**
 * What `useService` reads from. The inversify `Container` satisfies it; so does `ServiceMap`, the
 * small set of constant core services the login route needs, which keeps inversify and
 * reflect-metadata out of the login bundle. The shell's container is seeded from that map.
 */
export interface ServiceLocator {
  get<T>(token: Token<T>): T;
  isBound(token: symbol): boolean;
}

export class ServiceMap implements ServiceLocator {
  private readonly services = new Map<symbol, unknown>();

  set<T>(token: Token<T>, service: NoInfer<T>): this {
    this.services.set(token, service);
    return this;
  }

  get<T>(token: Token<T>): T {
    if (!this.services.has(token)) throw new Error(`未绑定的服务：${token.description ?? String(token)}`);
    return this.services.get(token) as T;
  }

  isBound(token: symbol): boolean {
    return this.services.has(token);
  }

  entries(): [symbol, unknown][] {
    return [...this.services.entries()];
  }
}
