import { Checkbox, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { DeviceKind } from '@ops/sdk';
import type { DeviceRow } from '@ops/contracts';
import { formatTelemetry, stateLabel } from './deviceFormat';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import './DeviceTable.css';

export const DEVICE_ROW_HEIGHT = 40;

export interface DeviceTableProps {
  kind: DeviceKind;
  total: number;
  rows: (DeviceRow | undefined)[];
  loading?: boolean;
  selectedIds: ReadonlySet<number>;
  /** Rows can be picked for multi-device control (not for a user who may only read the kind). */
  selectable?: boolean;
  activeId?: number;
  onToggle(deviceId: number): void;
  onOpen(row: DeviceRow): void;
  /** The virtual list reports the rows it shows so their pages get loaded. */
  onRangeChange?(start: number, end: number): void;
  height?: number;
}

/** A virtualised device list: only the visible rows exist in the DOM, so 10,000 devices scroll smoothly. */
export function DeviceTable({
  kind,
  total,
  rows,
  loading,
  selectedIds,
  selectable = true,
  activeId,
  onToggle,
  onOpen,
  onRangeChange,
  height = 560,
}: DeviceTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => DEVICE_ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 800, height },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (total > 0) onRangeChange?.(first, last + 1);
  }, [first, last, total, onRangeChange]);

  const stateKeys = Object.keys(kind.state ?? {}).slice(0, 2);
  const telemetryFields = (kind.telemetry ?? []).slice(0, 2);

  if (!loading && total === 0) return <NonIdealState icon="search" title={t.noDevices} />;
  return (
    <div className="device-table" role="table" aria-label={`${kind.displayName}列表`} aria-rowcount={total}>
      <div className="device-table__row device-table__head" role="row">
        <span role="columnheader" className="device-table__check" />
        <span role="columnheader">{t.columns.name}</span>
        <span role="columnheader">{t.columns.code}</span>
        <span role="columnheader">{t.columns.status}</span>
        <span role="columnheader">{t.columns.state}</span>
        <span role="columnheader">{t.columns.telemetry}</span>
      </div>
      {loading && total === 0 ? <Spinner size={24} aria-label={t.loadingDevices} /> : null}
      <div ref={scroller} className="device-table__body" style={{ height }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 1}
                aria-selected={row ? row.deviceId === activeId : undefined}
                className={`device-table__row${row && row.deviceId === activeId ? ' is-active' : ''}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: DEVICE_ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                }}
                onClick={() => row && onOpen(row)}
              >
                {row ? (
                  <>
                    <span role="cell" className="device-table__check" onClick={(event) => event.stopPropagation()}>
                      {selectable ? (
                        <Checkbox
                          checked={selectedIds.has(row.deviceId)}
                          aria-label={t.selectDevice(row.deviceName)}
                          onChange={() => onToggle(row.deviceId)}
                        />
                      ) : null}
                    </span>
                    <span role="cell" className="device-table__name" title={row.deviceName}>
                      {row.deviceName}
                    </span>
                    <span role="cell" className="device-table__code">
                      {row.deviceCode}
                    </span>
                    <span role="cell">
                      <Tag minimal intent={row.online ? 'success' : 'none'} round>
                        {row.online ? t.online : t.offline}
                      </Tag>
                    </span>
                    <span role="cell">
                      {stateKeys.map((key) => `${kind.stateLabels?.[key] ?? key}：${stateLabel(kind, key, row.state[key])}`).join('　')}
                    </span>
                    <span role="cell">
                      {telemetryFields.map((field) => `${field.label} ${formatTelemetry(field, row.telemetry[field.key])}`).join('　')}
                    </span>
                  </>
                ) : (
                  <span role="cell" className="device-table__placeholder">
                    {t.loadingDevices}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
