import { createAppContainer } from '../core/di/createAppContainer';
import { Notifier, type Notifier as NotifierService } from '../core/ui/Notifier';

/** Fakes for the core services; a story (or test) replaces any of them with `parameters.services`. */
export function createStoryContainer(overrides: Record<symbol, unknown> = {}) {
  const container = createAppContainer();
  const notifier: NotifierService = { show: () => undefined };
  const services = new Map<symbol, unknown>([[Notifier, notifier]]);
  for (const token of Object.getOwnPropertySymbols(overrides)) services.set(token, overrides[token]);
  for (const [token, value] of services) container.bind(token).toConstantValue(value);
  return container;
}
