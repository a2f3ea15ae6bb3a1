import type { Container } from 'inversify';
import type { ContributionPoint } from './Token';

/** Everything the plugins bound to a contribution point (none: an empty list), typed by the point. */
export function getContributions<T>(container: Pick<Container, 'getAll'>, point: ContributionPoint<T>): T[] {
  return container.getAll<T>(point, { optional: true });
}

/** The app container behind a service locator, when it is one (the login route's ServiceMap is not). */
export function asContainer(services: unknown): Pick<Container, 'getAll'> | undefined {
  return typeof (services as Partial<Container> | null)?.getAll === 'function' ? (services as Pick<Container, 'getAll'>) : undefined;
}
