import { ServiceMap } from '../core/di/ServiceLocator';
import type { Token } from '../core/di/Token';
import { Notifier, type Notifier as NotifierService } from '../core/ui/Notifier';

/** Fakes for the core services; a story (or test) replaces any of them with `parameters.services`. */
export function createStoryContainer(overrides: Record<symbol, unknown> = {}): ServiceMap {
  const notifier: NotifierService = { show: () => undefined };
  const services = new ServiceMap().set(Notifier, notifier);
  for (const token of Object.getOwnPropertySymbols(overrides)) services.set(token as Token<unknown>, overrides[token]);
  return services;
}
