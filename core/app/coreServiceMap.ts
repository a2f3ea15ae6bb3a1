import { RuntimeConfig } from '../config/RuntimeConfig';
import { ServiceMap } from '../di/ServiceLocator';
import { Api } from '../http/ApiCaller';
import { DeviceHttpClient } from '../devices/deviceHttpClient';
import { HttpClient } from '../http/HttpClient';
import { AuthService } from '../session/AuthService';
import { Notifier } from '../ui/Notifier';
import type { AppServices } from './AppServices';

/** The core services under their tokens; the shell's inversify container is seeded from this map. */
export function coreServiceMap(services: AppServices): ServiceMap {
  return new ServiceMap()
    .set(RuntimeConfig, services.config)
    .set(HttpClient, services.http)
    .set(Api, services.caller)
    .set(DeviceHttpClient, services.deviceHttp)
    .set(AuthService, services.auth)
    .set(Notifier, services.notifier);
}
