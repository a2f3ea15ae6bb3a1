import { useMemo } from 'react';
import { ContainerProvider } from '../di/ContainerProvider';
import { AppRouter } from '../router/AppRouter';
import { DeviceLoadingIndicator } from '../ui/DeviceLoadingIndicator';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { coreServiceMap } from './coreServiceMap';
import type { AppServices } from './AppServices';

/** The app root: the core services, the router, the loading overlay and the device side's indicator. */
export function App({ services }: { services: AppServices }) {
  const serviceMap = useMemo(() => coreServiceMap(services), [services]);
  return (
    <ContainerProvider container={serviceMap}>
      <AppRouter onNavigate={services.setNavigate} />
      <LoadingOverlay />
      <DeviceLoadingIndicator />
    </ContainerProvider>
  );
}
