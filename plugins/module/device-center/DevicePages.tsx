import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { DeviceApi, deviceKindsOf, PluginRegistry, useDeviceModulePages, useService, type DevicePagesProps } from '@ops/sdk';
import { DeviceCatalog } from './DeviceCatalog';
import { DeviceKindPage } from './DeviceKindPage';
import { deviceCenterStrings as t } from './deviceCenterStrings';

/**
 * Device catalogue at the module root, a kind's page at a child route: 设备管控's pages, and (as the
 * `DevicePagesView` service) those of every module that reuses them (正射影像).
 */
export default function DevicePages({ moduleName, childName, childPrefix }: DevicePagesProps) {
  const registry = useService(PluginRegistry);
  const api = useService(DeviceApi);
  const pages = useDeviceModulePages(moduleName, childPrefix);
  const kinds = useMemo(() => deviceKindsOf(registry).sort((a, b) => a.displayName.localeCompare(b.displayName, 'zh-CN')), [registry]);
  const [counts, setCounts] = useState<Record<string, { total: number; online: number }>>({});

  useEffect(() => {
    if (childName) return;
    api.summary().then(
      (rows) => setCounts(Object.fromEntries(rows.map((row) => [row.kind, row]))),
      () => setCounts({}),
    );
  }, [api, childName]);

  if (childName) {
    const kind = kinds.find((candidate) => candidate.page === pages.pageOf(childName));
    if (!kind) return <NonIdealState icon="error" title={t.unknownKind(childName)} />;
    return <DeviceKindPage kind={kind} />;
  }
  return (
    <DeviceCatalog kinds={kinds.filter((kind) => pages.opens(kind.page))} counts={counts} pathOf={(kind) => pages.pathOf(kind.page)} />
  );
}
