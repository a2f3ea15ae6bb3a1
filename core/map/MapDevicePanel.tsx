import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useService } from '../di/useService';
import { DeviceApi, outcomeIntent, type DeviceRow } from '../devices/deviceApi';
import { DeviceDetailPanel } from '../devices/DeviceDetailPanel';
import type { DeviceCommand, DeviceKind } from '../devices/deviceKinds';
import type { MapPosition } from '../geo/parsePosition';
import { Notifier } from '../ui/Notifier';
import { MapEffects } from './MapEffects';
import { EventBus } from '../push/EventBus';
import { onDeviceStatus } from '../devices/onDeviceStatus';
import { mapStrings as t } from './mapStrings';

export interface MapDevicePanelProps {
  deviceId: number;
  kind: DeviceKind;
  onClose(): void;
  /** Brings the device into close view, top-down, so its circle can be dragged. */
  onFocus(position: MapPosition): void;
  /** After a saved move, so the device layer redraws the device where it now stands. */
  onMoved(device: DeviceRow): void;
}

/** Radius of the relocation circle, in metres: big enough to grab at the close-up view. */
const RELOCATE_RADIUS = 120;

/**
 * A device clicked on the map: the device page's detail panel (status, telemetry, commands), plus
 * 调整位置 — a draggable pulsing circle on the device whose dropped position can be saved.
 */
export function MapDevicePanel({ deviceId, kind, onClose, onFocus, onMoved }: MapDevicePanelProps) {
  const api = useService(DeviceApi);
  const notifier = useService(Notifier);
  const effects = useService(MapEffects);
  const bus = useService(EventBus);
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
      (error: unknown) => current && setFailed(error instanceof Error ? error.message : String(error)),
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
      onMoved(outcome.device);
    } catch {
      // The HTTP client has already shown the server's message; the circle stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const send = useCallback(
    async (command: DeviceCommand, params: Record<string, unknown>) => {
      const outcome = await api.control(kind.brandCode ?? kind.page, command.commandType, command.command, { deviceIds: [deviceId] }, params);
      notifier.show(outcomeIntent(outcome), outcome.msg);
      setDevice(await api.info(deviceId));
    },
    [api, deviceId, kind, notifier],
  );

  return (
    <div className="globe-host__panel">
      {failed ? (
        <Callout intent="danger" title={t.deviceFailed}>
          {failed}
          <Button variant="minimal" icon="cross" aria-label={t.closePanel} onClick={onClose} />
        </Callout>
      ) : !device ? (
        <Spinner size={24} aria-label={t.loadingDevice} />
      ) : (
        <>
          <DeviceDetailPanel kind={kind} device={device} onSend={send} onClose={onClose} />
          <section className="globe-host__relocate" aria-label={t.relocate}>
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
        </>
      )}
    </div>
  );
}
