import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import {
  DeviceApi,
  EventBus,
  MapEffects,
  Notifier,
  onDeviceStatus,
  outcomeIntent,
  useDeviceControl,
  useService,
  type DeviceCommand,
  type MapDeviceDetailProps,
  type MapPosition,
} from '@ops/sdk';
import type { DeviceRow } from '@ops/contracts';
import { DeviceDetailPanel } from './DeviceDetailPanel';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import './MapDevicePanel.css';
import { errorMessage } from '@ops/contracts';

/** Radius of the relocation circle, in metres: big enough to grab at the close-up view. */
const RELOCATE_RADIUS = 120;

/**
 * The globe's `MapDeviceDetail`: a device clicked on the map, in the device page's detail panel
 * (status, telemetry, commands), plus 调整位置 — a draggable pulsing circle on the device whose
 * dropped position can be saved. Commands and 调整位置 only for a kind the user may control.
 */
export default function MapDevicePanel({ device: point, kind, onClose, onFocus, onMoved }: MapDeviceDetailProps) {
  const api = useService(DeviceApi);
  const notifier = useService(Notifier);
  const effects = useService(MapEffects);
  const bus = useService(EventBus);
  const controllable = useDeviceControl()(kind.page);
  const deviceId = point.deviceId;
  const [device, setDevice] = useState<DeviceRow | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [relocating, setRelocating] = useState(false);
  const [dropped, setDropped] = useState<MapPosition | null>(null);
  const [saving, setSaving] = useState(false);
  const circleId = `relocate-${deviceId}`;

  useEffect(() => {
    let current = true;
    setDevice(null);
    setFailed(null);
    api.info(deviceId).then(
      (row) => current && setDevice(row),
      (error: unknown) => current && setFailed(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [api, deviceId]);

  // The device went on- or offline while shown: read it again, so status and commands are current.
  useEffect(
    () =>
      onDeviceStatus(bus, (change) => {
        if (change.deviceId === deviceId) api.info(deviceId).then(setDevice, () => undefined);
      }),
    [api, bus, deviceId],
  );

  // The circle reports where it was dropped; it belongs to this panel and goes when the panel goes.
  useEffect(() => {
    if (!relocating) return;
    const stop = effects.onEvent((event) => {
      if (event.id === circleId && event.type === 'moved') setDropped(event.detail.position as MapPosition);
    });
    return () => {
      stop();
      if (effects.ids().includes(circleId)) effects.remove(circleId);
    };
  }, [relocating, effects, circleId]);

  const startRelocating = () => {
    if (!device) return;
    const position = { longitude: device.longitude, latitude: device.latitude, height: 0 };
    effects.add('pulsingCircle', circleId, { position, draggable: true, maxRadius: RELOCATE_RADIUS, step: RELOCATE_RADIUS / 10 });
    setDropped(null);
    setRelocating(true);
    onFocus(position);
  };

  const save = async () => {
    if (!dropped) return;
    setSaving(true);
    try {
      const outcome = await api.move(deviceId, dropped.longitude, dropped.latitude);
      notifier.show('success', outcome.msg || t.positionSaved);
      setDevice(outcome.device);
      setRelocating(false);
      setDropped(null);
      onMoved();
    } catch {
      // The HTTP client has already shown the server's message; the circle stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const send = useCallback(
    async (command: DeviceCommand, params: Record<string, unknown>) => {
      const outcome = await api.control(
        kind.brandCode ?? kind.page,
        command.commandType,
        command.command,
        { deviceIds: [deviceId] },
        params,
      );
      notifier.show(outcomeIntent(outcome), outcome.msg);
      setDevice(await api.info(deviceId));
    },
    [api, deviceId, kind, notifier],
  );

  return (
    <div className="map-device-panel">
      {failed ? (
        <Callout intent="danger" title={t.deviceFailed}>
          {failed}
          <Button variant="minimal" icon="cross" aria-label={t.closePanel} onClick={onClose} />
        </Callout>
      ) : !device ? (
        <Spinner size={24} aria-label={t.loadingDevice} />
      ) : (
        <>
          <DeviceDetailPanel kind={kind} device={device} controllable={controllable} onSend={send} onClose={onClose} />
          {/* Moving a device changes it: like a command, only for a kind the user may control. */}
          {controllable ? (
            <section className="map-device-panel__relocate" aria-label={t.relocate}>
              {!relocating ? (
                <Button icon="move" onClick={startRelocating}>
                  {t.relocate}
                </Button>
              ) : (
                <>
                  <p role="status">{dropped ? t.newPosition(dropped) : t.dragHint}</p>
                  <Button intent="primary" disabled={!dropped} loading={saving} onClick={() => void save()}>
                    {t.savePosition}
                  </Button>
                  <Button variant="minimal" onClick={() => setRelocating(false)}>
                    {t.cancelRelocate}
                  </Button>
                </>
              )}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
