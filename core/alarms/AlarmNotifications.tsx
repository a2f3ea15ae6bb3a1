import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useService } from '../di/useService';
import { ApiFiles } from '../http/ApiFiles';
import { pluginAssetUrl } from '../plugins/discoverPlugins';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus } from '../push/EventBus';
import { PUSH_TOPIC_ALL } from '../push/RoutedPush';
import { targetPathOf } from '../registry/routePaths';
import { activeTenant, useSessionStore } from '../session/sessionStore';
import { alarmStrings as t } from './alarmStrings';
import { AlarmToastStack, type AlarmToast } from './AlarmToastStack';

/** Spec section 9: an alarm toast stays 15 s; the fire mask and the sound last 5 s. */
export const ALARM_TOAST_MS = 15_000;
export const ALARM_EFFECT_MS = 5_000;
/** Shipped with the app; used when a tenant has no sound of its own or it cannot be played. */
export const DEFAULT_ALARM_SOUND = '/sounds/alarm-default.wav';

interface ToastTarget {
  toast: AlarmToast;
  path: string;
}

/** The `targetPage` a pushed alarm carries (DEVICE_ALARM does), when it has that shape. */
function pushedTarget(value: unknown): { module: string; child?: string } | undefined {
  if (typeof value !== 'object' || value === null || !('module' in value) || typeof value.module !== 'string') return undefined;
  return 'child' in value && typeof value.child === 'string' ? { module: value.module, child: value.child } : { module: value.module };
}

/** Turns pushed alarms into toasts, the fire mask and the tenant's alarm sound; a click opens the alarm's page (`?alarmId=`). */
export function AlarmNotifications() {
  const bus = useService(EventBus);
  const files = useService(ApiFiles);
  const registry = useService(PluginRegistry);
  const navigate = useNavigate();
  const tenant = useSessionStore((state) => activeTenant(state.user));
  const [toasts, setToasts] = useState<ToastTarget[]>([]);
  const [masked, setMasked] = useState(false);
  const [soundPlaying, setSoundPlaying] = useState(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const audio = useRef<HTMLAudioElement | null>(null);
  const pictures = useRef<string[]>([]);
  const toastedAlarms = useRef(new Set<number>());

  const alarmTypes = useMemo(
    () =>
      new Map(
        registry
          .list('alarm')
          .map((plugin) => [plugin.manifest.contributes.code, { ...plugin.manifest.contributes, folder: plugin.folder }]),
      ),
    [registry],
  );

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const playSound = useCallback(() => {
    audio.current?.pause();
    const play = (url: string, fallback?: string) => {
      const sound = new Audio(url);
      audio.current = sound;
      sound.onerror = () => (fallback ? play(fallback) : setSoundPlaying(false));
      sound.play().then(
        () => setSoundPlaying(true),
        () => (fallback ? play(fallback) : setSoundPlaying(false)),
      );
    };
    const tenantSound = tenant?.tenantAlarmMp3;
    play(tenantSound || DEFAULT_ALARM_SOUND, tenantSound ? DEFAULT_ALARM_SOUND : undefined);
    later(ALARM_EFFECT_MS, () => {
      audio.current?.pause();
      setSoundPlaying(false);
    });
  }, [later, tenant?.tenantAlarmMp3]);

  useEffect(() => {
    const activeTimers = timers.current;
    // Every toast event type, not only the reference server's DEVICE_ALARM: a production backend sends
    // 45 kinds whose data has no declared topic, so the fields are read with their types checked.
    const unsubscribe = bus.subscribe(PUSH_TOPIC_ALL, ({ message, route }) => {
      if (route.action !== 'toast') return;
      const data = message.data;
      const code = String(data.alarmType ?? route.alarmType ?? '');
      const type = alarmTypes.get(code);
      const iconUrl = type ? pluginAssetUrl(type.folder, type.icon) : undefined;
      const toast: AlarmToast = {
        key: `${message.seq}`,
        typeName: String(data.alarmTypeName ?? type?.name ?? message.eventType),
        grade: String(data.grade ?? type?.defaultGrade ?? 'ALARM_GRADE_MEDIUM'),
        content: String(data.alarmContent ?? ''),
        ...(data.alarmDesc ? { description: String(data.alarmDesc) } : {}),
        ...(data.deviceName ? { deviceName: String(data.deviceName) } : {}),
        time: Number(data.createTime ?? Date.now()),
        ...(iconUrl ? { iconUrl } : {}),
      };
      // The page opens on this alarm: the event center shows it, the emergency pages find its event.
      const alarmId = typeof data.alarmId === 'number' && Number.isInteger(data.alarmId) ? data.alarmId : undefined;
      const alarmQuery = alarmId !== undefined ? `?alarmId=${alarmId}` : '';
      const path = `${targetPathOf(route.target ?? pushedTarget(data.targetPage) ?? type?.targetPage)}${alarmQuery}`;
      if (alarmId !== undefined) toast.alarmId = alarmId;
      // A second push about a shown alarm (a watchlist hit's event after DEVICE_ALARM) updates its toast: one toast, one sound.
      const known = alarmId !== undefined && toastedAlarms.current.has(alarmId);
      if (alarmId !== undefined && !known) {
        toastedAlarms.current.add(alarmId);
        later(ALARM_TOAST_MS, () => toastedAlarms.current.delete(alarmId));
      }
      setToasts((previous) => {
        const shown = alarmId === undefined ? undefined : previous.find((entry) => entry.toast.alarmId === alarmId);
        return shown
          ? previous.map((entry) => (entry === shown ? { toast: { ...toast, key: shown.toast.key }, path } : entry))
          : [...previous.slice(-50), { toast, path }];
      });
      // The alarm's picture (a watchlist hit's snapshot under the API), fetched with the session.
      if (typeof data.snapshotUrl === 'string' && data.snapshotUrl.startsWith('/') && alarmId !== undefined)
        files.download(data.snapshotUrl).then(
          (blob) => {
            const pictureUrl = URL.createObjectURL(blob);
            pictures.current.push(pictureUrl);
            setToasts((previous) =>
              previous.map((entry) => (entry.toast.alarmId === alarmId ? { ...entry, toast: { ...entry.toast, pictureUrl } } : entry)),
            );
          },
          () => undefined,
        );
      if (known) return;
      later(ALARM_TOAST_MS, () => setToasts((previous) => previous.filter((entry) => entry.toast.key !== toast.key)));
      setMasked(true);
      later(ALARM_EFFECT_MS, () => setMasked(false));
      playSound();
    });
    const activePictures = pictures.current;
    return () => {
      unsubscribe();
      for (const url of activePictures.splice(0)) URL.revokeObjectURL(url);
      for (const timer of activeTimers) clearTimeout(timer);
      activeTimers.clear();
      audio.current?.pause();
    };
  }, [bus, files, alarmTypes, later, playSound]);

  return (
    <>
      {masked ? <div className="alarm-fire-mask" data-testid="alarm-fire-mask" /> : null}
      {soundPlaying ? (
        <span className="visually-hidden" role="status">
          {t.soundPlaying}
        </span>
      ) : null}
      <AlarmToastStack
        toasts={toasts.map((entry) => entry.toast)}
        onDismiss={(toast) => setToasts((previous) => previous.filter((entry) => entry.toast.key !== toast.key))}
        onOpen={(toast) => {
          const target = toasts.find((entry) => entry.toast.key === toast.key);
          setToasts((previous) => previous.filter((entry) => entry.toast.key !== toast.key));
          if (target) navigate(target.path);
        }}
      />
    </>
  );
}
