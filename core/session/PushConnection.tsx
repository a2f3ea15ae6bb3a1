import { useEffect, useMemo } from 'react';
import { RuntimeConfig } from '../config/RuntimeConfig';
import { useService } from '../di/useService';
import { pushRoutes } from '../../contracts/api/pushRoutes';
import { Api } from '../http/ApiCaller';
import { AuthService } from './AuthService';
import { activeTenant, useSessionStore } from './sessionStore';
import { EventBus } from '../push/EventBus';
import { PushClient, pushUrlFor } from '../push/PushClient';

/** Keeps the push connection open while logged in; reopens it for a new tenant; logout closes it. */
export function PushConnection() {
  const api = useService(Api);
  const bus = useService(EventBus);
  const auth = useService(AuthService);
  const config = useService(RuntimeConfig);
  const tenantId = useSessionStore((state) => activeTenant(state.user)?.tenantId);
  // The server gives push tickets only to users with some menu: one without has nothing to receive.
  const hasMenus = useSessionStore((state) => Object.values(state.menuPerms ?? {}).some(Boolean));

  const client = useMemo(
    () =>
      new PushClient({
        bus,
        storage: sessionStorage,
        url: () => pushUrlFor(config.pushUrl, config.apiBaseUrl, window.location),
        getTicket: async () => (await api.call(pushRoutes.ticket, {}, { loading: false })).data.ticket,
      }),
    [bus, config, api],
  );

  useEffect(() => auth.onWillLogout(() => client.stop()), [auth, client]);
  useEffect(() => {
    if (tenantId === undefined || !hasMenus) return;
    client.start(tenantId);
    return () => client.stop();
  }, [client, tenantId, hasMenus]);
  return null;
}
