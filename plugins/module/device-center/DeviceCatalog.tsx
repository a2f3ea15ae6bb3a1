import { Link } from 'react-router-dom';
import type { DeviceKind } from '@ops/sdk';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import './DeviceCatalog.css';

export interface DeviceCatalogProps {
  kinds: readonly DeviceKind[];
  counts: Readonly<Record<string, { total: number; online: number }>>;
  /** Path of a kind's page, e.g. /device/lamp. */
  pathOf(kind: DeviceKind): string;
}

/** Every device kind the tenant can open, with its icon and live counts. */
export function DeviceCatalog({ kinds, counts, pathOf }: DeviceCatalogProps) {
  return (
    <section aria-label={t.catalogTitle}>
      <p className="device-catalog__hint">{t.catalogDescription}</p>
      <nav className="device-catalog" aria-label={t.catalogTitle}>
        {kinds.map((kind) => {
          const count = counts[kind.page];
          return (
            <Link key={kind.page} to={pathOf(kind)} className="device-catalog__item" aria-label={kind.displayName}>
              {kind.iconUrl ? <img src={kind.iconUrl} alt="" className="device-catalog__icon" /> : null}
              <span className="device-catalog__name">{kind.displayName}</span>
              <span className="device-catalog__count">{count ? t.deviceCount(count.total, count.online) : t.noDevices}</span>
            </Link>
          );
        })}
      </nav>
    </section>
  );
}
