import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { childRouteName, childRoutePath, findModule } from '../registry/moduleTree';
import { useSessionStore } from '../session/sessionStore';
import { DeviceApi } from './deviceApi';
import { DeviceCatalog } from './DeviceCatalog';
import { DeviceKindPage } from './DeviceKindPage';
import { deviceKindsOf } from './deviceKinds';
import { deviceStrings as t } from './deviceStrings';

export interface DevicePagesProps {
  moduleName: string;
  childName?: string;
  /** Child menu names carry this prefix when a module reuses the device pages (orthophoto). */
  childPrefix?: string;
}

/** Device catalogue at the module root, a kind's page at a child route; shared by every module that shows devices. */
export function DevicePages({ moduleName, childName, childPrefix }: DevicePagesProps) {
  const registry = useService(PluginRegistry);
  const api = useService(DeviceApi);
  const menuPerms = useSessionStore((state) => state.menuPerms);
  const kinds = useMemo(() => deviceKindsOf(registry).sort((a, b) => a.displayName.localeCompare(b.displayName, 'zh-CN')), [registry]);
  const [counts, setCounts] = useState<Record<string, { total: number; online: number }>>({});
  const module = findModule(moduleName);

  useEffect(() => {
    if (childName) return;
    api.summary().then((rows) => setCounts(Object.fromEntries(rows.map((row) => [row.kind, row]))), () => setCounts({}));
  }, [api, childName]);

  const menuNameOf = (page: string) => (childPrefix ? `${childPrefix}${childRouteName(page)}` : page);
  if (childName) {
    const page = childPrefix && childName.startsWith(childPrefix) ? childName.charAt(childPrefix.length).toLowerCase() + childName.slice(childPrefix.length + 1) : childName;
    const kind = kinds.find((candidate) => candidate.page === page);
    if (!kind) return <NonIdealState icon="error" title={t.unknownKind(childName)} />;
    return <DeviceKindPage kind={kind} />;
  }
  const visible = kinds.filter((kind) => !module || menuPerms?.[`${module.perms}:${kind.page}`]);
  return <DeviceCatalog kinds={visible} counts={counts} pathOf={(kind) => childRoutePath(module?.path ?? `/${moduleName}`, menuNameOf(kind.page))} />;
}
