import 'reflect-metadata';
import { Container } from 'inversify';
import type { ServiceMap } from './ServiceLocator';

/**
 * The app's DI container (loaded with the shell, after login): it holds the core services handed
 * over from the login route's ServiceMap, and plugin ContainerModules bind into it.
 */
export function createAppContainer(seed?: ServiceMap): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  for (const [token, service] of seed?.entries() ?? []) container.bind(token).toConstantValue(service);
  return container;
}
