import moduleTree from '../../registry/modules.json' with { type: 'json' };
import type { ModuleTree } from '../../schemas/registry/modules.schema.gen';
import type { DeviceCatalog } from '../catalog/deviceCatalog';

/** Which device kinds (page names) carry the telemetry the resources read. */
export interface EmergencyResourceKinds {
  /** Kinds with a `pressure` reading: fire hydrants. */
  hydrantKinds: readonly string[];
  /** Kinds with a `waterLevel` reading. */
  waterLevelKinds: readonly string[];
  /** Kinds with live video (现场视频). */
  cameraKinds: readonly string[];
  /** Of those, the fire cameras (高点消防摄像), preferred at a fire. */
  fireCameraKinds: readonly string[];
}

/** The page of the module tree whose cameras watch for fire (监控中心 → 消防监控). */
const FIRE_MONITOR_PAGE = 'fireMonitor';

/**
 * Which device kinds the emergency resources (and the sensor readings) read, found from what the kinds
 * declare rather than listed by name: hydrants report `pressure` in MPa, water-level sensors report
 * `waterLevel`, cameras have live video, and fire cameras are those the 消防监控 page shows.
 */
export function emergencyResourceKinds(catalog: DeviceCatalog, tree: ModuleTree = moduleTree as ModuleTree): EmergencyResourceKinds {
  const cameraKinds = catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page);
  const fireMonitorKinds = new Set(
    tree.modules.flatMap((module) =>
      module.children.filter((child) => child.name === FIRE_MONITOR_PAGE).flatMap((child) => child.deviceKinds ?? []),
    ),
  );
  return {
    hydrantKinds: catalog.kinds
      .filter((kind) => kind.telemetry?.some((field) => field.key === 'pressure' && field.unit === 'MPa'))
      .map((kind) => kind.page),
    waterLevelKinds: catalog.kinds.filter((kind) => kind.telemetry?.some((field) => field.key === 'waterLevel')).map((kind) => kind.page),
    cameraKinds,
    fireCameraKinds: cameraKinds.filter((kind) => fireMonitorKinds.has(kind)),
  };
}
