import type { ReactNode } from 'react';
import { ContainerContext } from './ContainerContext';
import type { ServiceLocator } from './ServiceLocator';

export function ContainerProvider({ container, children }: { container: ServiceLocator; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}
