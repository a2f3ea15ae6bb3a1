import { ContainerModule, type BindToFluentSyntax } from 'inversify';
import type { ContributionPoint, Token } from '../di/Token';

/** What a plugin's module binds with: `bind` is typed by the token, so the bound value must fit it. */
export interface PluginBindings {
  bind<T>(token: Token<T> | ContributionPoint<T>): BindToFluentSyntax<T>;
  isBound(token: symbol): boolean;
}

/** A plugin's inversify ContainerModule, with bindings typed by the core's tokens. */
export function pluginModule(register: (bindings: PluginBindings) => void): ContainerModule {
  return new ContainerModule(({ bind, isBound }) =>
    register({ bind: <T>(token: Token<T> | ContributionPoint<T>) => bind<T>(token), isBound: (token) => isBound(token) }),
  );
}
