import type { Container } from 'inversify';
import { RuntimeConfig } from '../config/RuntimeConfig';
import { HttpClient } from '../http/HttpClient';
import { AuthService } from '../session/AuthService';
import { Notifier } from '../ui/Notifier';
import type { AppServices } from './AppServices';

/** Binds the core services under their tokens; tests and stories bind fakes the same way. */
export function bindCoreServices(container: Container, services: AppServices): void {
  container.bind<RuntimeConfig>(RuntimeConfig).toConstantValue(services.config);
  container.bind<HttpClient>(HttpClient).toConstantValue(services.http);
  container.bind<AuthService>(AuthService).toConstantValue(services.auth);
  container.bind<Notifier>(Notifier).toConstantValue(services.notifier);
}
