import 'reflect-metadata';
import { Container } from 'inversify';

/** The one DI container of the app; core services and plugin ContainerModules bind into it. */
export function createAppContainer(): Container {
  return new Container({ defaultScope: 'Singleton' });
}
