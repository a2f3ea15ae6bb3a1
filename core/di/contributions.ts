import type { Container } from 'inversify';
import type { ContributionPoint } from './Token';

/** Everything the plugins bound to a contribution point (none: an empty list), typed by the point. */
export function getContributions<T>(container: Pick<Container, 'getAll'>, point: ContributionPoint<T>): T[] {
  return container.getAll<T>(point, { optional: true });
}
