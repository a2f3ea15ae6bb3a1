import { useMemo } from 'react';
import { createAppContainer } from '../di/createAppContainer';
import { ContainerProvider } from '../di/ContainerProvider';
import { AppRouter } from '../router/AppRouter';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { bindCoreServices } from './bindCoreServices';
import type { AppServices } from './AppServices';

/** The app root: one DI container holding the core services, the router and the loading overlay. */
export function App({ services }: { services: AppServices }) {
  const container = useMemo(() => {
    const created = createAppContainer();
    bindCoreServices(created, services);
    return created;
  }, [services]);
  return (
    <ContainerProvider container={container}>
      <AppRouter onNavigate={services.setNavigate} />
      <LoadingOverlay />
    </ContainerProvider>
  );
}
