import type { Container } from 'inversify';
import type { ReactNode } from 'react';
import { ContainerContext } from './ContainerContext';

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}
