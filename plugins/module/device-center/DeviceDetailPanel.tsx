import { Button, Callout, H4, HTMLTable, Tag } from '@blueprintjs/core';
import type { DeviceCommand, DeviceKind } from '@ops/sdk';
import type { DeviceRow } from '@ops/contracts';
import { formatDateTime } from '@ops/sdk';
import { formatTelemetry, stateLabel } from './deviceFormat';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import { CommandButtons } from './CommandButtons';
import './DeviceDetailPanel.css';

export interface DeviceDetailPanelProps {
  kind: DeviceKind;
  device: DeviceRow;
  /** Whether the user may control this kind (the grants of sign-in): without it, no command is offered. */
  controllable: boolean;
  onSend(command: DeviceCommand, params: Record<string, unknown>): Promise<void>;
  onClose?(): void;
}

/** One device: status, location, live telemetry with units, controllable state, and its commands. */
export function DeviceDetailPanel({ kind, device, controllable, onSend, onClose }: DeviceDetailPanelProps) {
  return (
    <section className="device-detail" aria-label={`${t.detailTitle}：${device.deviceName}`}>
      <header className="device-detail__header">
        <H4>{device.deviceName}</H4>
        <Tag intent={device.online ? 'success' : 'none'} round>
          {device.online ? t.online : t.offline}
        </Tag>
        {onClose ? <Button variant="minimal" icon="cross" aria-label={t.closeDetail} onClick={onClose} /> : null}
      </header>
      <HTMLTable compact className="device-detail__facts">
        <tbody>
          <tr>
            <th>{t.columns.code}</th>
            <td>{device.deviceCode}</td>
          </tr>
          <tr>
            <th>{t.location}</th>
            <td>
              {device.longitude.toFixed(6)}, {device.latitude.toFixed(6)}
            </td>
          </tr>
          <tr>
            <th>{t.updated}</th>
            <td>{formatDateTime(device.updateTime)}</td>
          </tr>
        </tbody>
      </HTMLTable>
      {(kind.telemetry ?? []).length ? (
        <>
          <h5 className="device-detail__section">{t.telemetry}</h5>
          <dl className="device-detail__values" aria-label={t.telemetry}>
            {(kind.telemetry ?? []).map((field) => (
              <div key={field.key}>
                <dt>{field.label}</dt>
                <dd>{formatTelemetry(field, device.telemetry[field.key])}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {Object.keys(kind.state ?? {}).length ? (
        <>
          <h5 className="device-detail__section">{t.state}</h5>
          <dl className="device-detail__values" aria-label={t.state}>
            {Object.keys(kind.state ?? {}).map((key) => (
              <div key={key}>
                <dt>{kind.stateLabels?.[key] ?? key}</dt>
                <dd>{stateLabel(kind, key, device.state[key])}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <h5 className="device-detail__section">{t.commands}</h5>
      {!(kind.commands ?? []).length ? (
        <Callout>{t.noCommands}</Callout>
      ) : controllable ? (
        <CommandButtons commands={kind.commands ?? []} targetLabel={device.deviceName} onSend={onSend} />
      ) : (
        <Callout icon="lock">{t.readOnly(kind.displayName)}</Callout>
      )}
    </section>
  );
}
