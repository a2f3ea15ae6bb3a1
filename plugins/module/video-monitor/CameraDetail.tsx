import { Callout, Dialog, DialogBody, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { DeviceApi, formatDateTime, useService, type DeviceKind, type VideoTileCamera } from '@ops/sdk';
import type { DeviceRow } from '@ops/contracts';
import { videoMonitorStrings as t } from './videoMonitorStrings';
import { errorMessage } from '@ops/contracts';

type Load = { status: 'loading' } | { status: 'ready'; value: DeviceRow } | { status: 'error'; message: string };

/** A camera's detail (GET /devi/aep/info): code, state, position, last update and its telemetry with labels. */
export function CameraDetail({ camera, kind, onClose }: { camera: VideoTileCamera | null; kind: DeviceKind | undefined; onClose(): void }) {
  const devices = useService(DeviceApi);
  const [detail, setDetail] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    if (!camera) return;
    let current = true;
    setDetail({ status: 'loading' });
    devices.info(camera.deviceId).then(
      (value) => current && setDetail({ status: 'ready', value }),
      (error: unknown) => current && setDetail({ status: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [camera, devices]);
  const row = (label: string, value: string) => (
    <tr key={label}>
      <th>{label}</th>
      <td>{value}</td>
    </tr>
  );
  return (
    <Dialog isOpen={camera !== null} onClose={onClose} title={camera ? t.detailTitle(camera.deviceName) : ''}>
      <DialogBody>
        {detail.status === 'loading' ? <Spinner size={28} aria-label={t.loading} /> : null}
        {detail.status === 'error' ? <Callout intent="danger">{detail.message}</Callout> : null}
        {detail.status === 'ready' ? (
          <HTMLTable compact className="video-monitor__detail">
            <tbody>
              {row(t.detailCode, detail.value.deviceCode)}
              {row(t.detailState, detail.value.online ? t.detailOnline : t.detailOffline)}
              {row(t.detailPosition, `${detail.value.longitude.toFixed(6)}, ${detail.value.latitude.toFixed(6)}`)}
              {row(t.detailUpdated, formatDateTime(detail.value.updateTime))}
              {Object.entries(detail.value.telemetry).map(([key, value]) => {
                const field = kind?.telemetry?.find((candidate) => candidate.key === key);
                return row(field?.label ?? key, `${String(value)}${field?.unit ? ` ${field.unit}` : ''}`);
              })}
            </tbody>
          </HTMLTable>
        ) : null}
      </DialogBody>
    </Dialog>
  );
}
