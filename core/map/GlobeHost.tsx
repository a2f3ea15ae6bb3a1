import { Button, ButtonGroup, Callout, InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Cartesian2, Viewer } from 'cesium';
import { useNavigate } from 'react-router-dom';
import { ContainerContext } from '../di/ContainerContext';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus } from '../push/EventBus';
import { MapEffectRenderer, MapEffects, type MapEffectHub } from './MapEffects';
import { MapLayer, type MapLayerContext, type MapGlobe } from './MapLayer';
import { collectEffectRenderers } from './effectRenderers';
import { MapDeviceDetail } from './MapDeviceDetail';
import { MapOverlay, mapDeviceOpenedTopic, mapReplayTopic } from './MapOverlay';
import { activatePlugins } from '../plugins/activatePlugins';
import { useService } from '../di/useService';
import { asContainer, getContributions } from '../di/contributions';
import { Api } from '../http/ApiCaller';
import { routes } from '../../contracts/api/routes';
import { activeTenant, useSessionStore } from '../session/sessionStore';
import type { TwinPlatformConfig } from '../session/sessionTypes';
import { loadCesium, type Cesium } from './loadCesium';
import { createViewer, flyToView } from './createViewer';
import { showDistricts, type DistrictLayer } from './DistrictLayer';
import { DeviceLayer, deviceLayerHit, heightForZoom, type DevicePoint } from './DeviceLayer';
import { deviceKindsOf } from '../devices/deviceKinds';
import { onDeviceStatus } from '../devices/onDeviceStatus';
import { RuntimeConfig } from '../config/RuntimeConfig';
import type { MapPosition } from '../geo/parsePosition';
import { mapStrings as t } from './mapStrings';
import './GlobeHost.css';
import { errorMessage } from '../../contracts/errorMessage';

export function parseTwinConfig(raw: string | undefined): TwinPlatformConfig {
  try {
    const parsed = JSON.parse(raw ?? '{}') as Partial<TwinPlatformConfig>;
    return {
      viewList: Array.isArray(parsed.viewList)
        ? parsed.viewList.filter((view) => Number.isFinite(view.longitude) && Number.isFinite(view.latitude))
        : [],
      isDeviceMap3d: parsed.isDeviceMap3d !== false,
    };
  } catch {
    return { viewList: [], isDeviceMap3d: true };
  }
}

/** The globe a layer may draw on directly, once Cesium is ready. */
function deferredGlobe(): { promise: Promise<MapGlobe>; resolve(globe: MapGlobe): void } {
  let resolve: (globe: MapGlobe) => void = () => undefined;
  const promise = new Promise<MapGlobe>((settle) => (resolve = settle));
  return { promise, resolve: (globe) => resolve(globe) };
}

/** The one globe of the app, behind every map page: the tenant's views, devices, alarms and effects. */
/** The longest the globe waits for the page to settle before it starts (see the effect below). */
const GLOBE_START_WAIT_MS = 1500;

export default function GlobeHost() {
  const container = useRef<HTMLDivElement>(null);
  const credits = useRef<HTMLDivElement>(null);
  const api = useService(Api);
  const registry = useService(PluginRegistry);
  const bus = useService(EventBus);
  const effects = useService(MapEffects) as MapEffectHub;
  const services = useContext(ContainerContext)!;
  const runtime = services.isBound(RuntimeConfig) ? services.get<RuntimeConfig>(RuntimeConfig) : undefined;
  const imageryUrl = runtime?.mapImageryUrl ?? null;
  const imageryCrs = runtime?.mapImageryCrs ?? 'wgs84';
  const navigate = useNavigate();
  const [effectCount, setEffectCount] = useState(() => effects.ids().length);
  const [markers, setMarkers] = useState({ shown: 0, total: 0, online: 0 });
  const [districtCount, setDistrictCount] = useState(0);
  const [opened, setOpened] = useState<DevicePoint | null>(null);
  const [search, setSearch] = useState('');
  const tenant = useSessionStore((state) => activeTenant(state.user));
  const config = parseTwinConfig(tenant?.twinPlatformConfig);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const viewer = useRef<{ Cesium: Cesium; viewer: Viewer; devices: DeviceLayer } | null>(null);
  const globeReady = useRef(deferredGlobe());
  const layers = useRef<{ layer: MapLayer; context: MapLayerContext }[]>([]);
  const [pluginsActive, setPluginsActive] = useState(false);
  const configKey = JSON.stringify(config);
  const kinds = new Map(deviceKindsOf(registry).map((kind) => [kind.page, kind]));
  const kindsRef = useRef(kinds);
  kindsRef.current = kinds;

  const loadDevices = async (layer: DeviceLayer) => {
    const reply = await api.call(routes.devices.positions, {}, { loading: false });
    await layer.setDevices(reply.data ?? []);
    setMarkers({ shown: layer.shown, total: layer.count, online: layer.online });
  };
  const loadDevicesRef = useRef(loadDevices);
  loadDevicesRef.current = loadDevices;

  useEffect(() => {
    let cancelled = false;
    let districts: DistrictLayer | undefined;
    const parsed = JSON.parse(configKey) as TwinPlatformConfig;
    // The globe starts once the page's own work is done (its panels fetched and drawn), or after
    // GLOBE_START_WAIT_MS at the latest: Cesium's parse and first frames in software WebGL hold the main
    // thread for seconds on a small machine, and the figures over the map should not wait behind them.
    const started = new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: GLOBE_START_WAIT_MS });
      else setTimeout(resolve, 0);
    });
    started
      .then(() => (cancelled ? Promise.reject(new Error('cancelled')) : loadCesium()))
      .then(async (Cesium) => {
        if (cancelled || !container.current || !credits.current) return;
        const created = createViewer(Cesium, container.current, {
          is3d: parsed.isDeviceMap3d,
          imageryUrl: imageryUrl ?? undefined,
          imageryCrs,
          credits: credits.current,
        });
        const devices = new DeviceLayer(Cesium, created, (kind) => kindsRef.current.get(kind)?.iconUrl);
        viewer.current = { Cesium, viewer: created, devices };
        created.camera.moveEnd.addEventListener(() => setMarkers({ shown: devices.shown, total: devices.count, online: devices.online }));
        const main = parsed.viewList[0];
        if (main) {
          flyToView(Cesium, created, main, 0);
          // The districts of the tenant's city, found from its main view; loaded only now, drawn when in.
          showDistricts(Cesium, created, main).then(
            (layer) => {
              if (cancelled) return layer?.destroy();
              districts = layer;
              setDistrictCount(layer?.city.districts.length ?? 0);
            },
            (error: unknown) => console.error(t.districtsFailed(errorMessage(error))),
          );
        }
        await loadDevicesRef.current(devices);
        if (cancelled) return;
        // Effects are drawn by the map-effect plugins: their code loads with the globe.
        for (const plugin of registry.list('map-effect')) await registry.loadCode(plugin.fullId);
        if (cancelled) return;
        const contributions = asContainer(services) ?? { getAll: () => [] };
        const renderers = collectEffectRenderers(registry, getContributions(contributions, MapEffectRenderer));
        effects.attach({ Cesium, viewer: created, renderers });
        globeReady.current.resolve({ Cesium, viewer: created });
        const clicks = new Cesium.ScreenSpaceEventHandler(created.scene.canvas);
        clicks.setInputAction((event: { position: Cartesian2 }) => {
          const picked = created.scene.pick(event.position) as { id?: unknown } | undefined;
          const effect = /^effect:(.+)$/.exec(String((picked?.id as { id?: unknown } | undefined)?.id ?? picked?.id ?? ''))?.[1];
          if (effect && layers.current.some(({ layer, context }) => layer.onEffectClick?.(effect, context))) return;
          const hit = deviceLayerHit(picked);
          if (hit && 'device' in hit) return setOpened(hit.device);
          if (hit && 'cluster' in hit) {
            const { longitude, latitude, expansionZoom } = hit.cluster;
            created.camera.flyTo({
              destination: Cesium.Cartesian3.fromDegrees(longitude, latitude, heightForZoom(expansionZoom + 0.5)),
              duration: 1,
            });
          }
        }, Cesium.ScreenSpaceEventType.LEFT_CLICK);
        created.scene.requestRender();
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      effects.detach();
      districts?.destroy();
      viewer.current?.devices.destroy();
      viewer.current?.viewer.destroy();
      viewer.current = null;
    };
  }, [configKey, imageryUrl, imageryCrs, registry, services, effects, navigate, bus]);

  useEffect(() => effects.onDidChange(() => setEffectCount(effects.ids().length)), [effects]);

  // Map layers and the device panel come from plugins that start with the globe. Layers attach as soon
  // as their code is in, before Cesium is: what they draw goes through MapEffects, which keeps it until
  // the globe is ready, so an alarm pushed while the globe loads is still shown.
  useEffect(() => {
    let stopped = false;
    const detach: (() => void)[] = [];
    void activatePlugins(registry, 'onGlobe').then(() => {
      if (stopped) return;
      setPluginsActive(true);
      const contributions = asContainer(services) ?? { getAll: () => [] };
      for (const layer of getContributions(contributions, MapLayer)) {
        const context = { effects, bus, navigate, globe: globeReady.current.promise };
        try {
          detach.push(layer.attach(context));
          layers.current.push({ layer, context });
        } catch (error) {
          console.error(t.layerFailed(layer.id, errorMessage(error)));
        }
      }
    });
    return () => {
      stopped = true;
      for (const stop of detach) stop();
      layers.current = [];
    };
  }, [registry, services, effects, bus, navigate]);

  // Layers follow which device is open (a camera shows its view cone) through the bus.
  useEffect(() => bus.publish(mapDeviceOpenedTopic, opened), [bus, opened]);
  useEffect(() => () => bus.publish(mapDeviceOpenedTopic, null), [bus]);

  // Device status pushes (online_event / offline_event) recolour the device's marker.
  // While a replay holds the globe (mapReplayTopic) the markers keep their colours; after it they are read again.
  const replaying = useRef(false);
  useEffect(() => {
    const stopStatus = onDeviceStatus(bus, ({ deviceId, online }) => {
      const layer = viewer.current?.devices;
      if (!replaying.current && layer?.setOnline(deviceId, online))
        setMarkers({ shown: layer.shown, total: layer.count, online: layer.online });
    });
    const stopReplay = bus.subscribe(mapReplayTopic, (state) => {
      const ended = replaying.current && !state.replaying;
      replaying.current = state.replaying;
      if (ended && viewer.current) void loadDevicesRef.current(viewer.current.devices);
    });
    return () => {
      stopStatus();
      stopReplay();
    };
  }, [bus]);

  /** Close above a point, looking straight down, so a circle there can be dragged on the ground. */
  const focus = (position: MapPosition) => {
    const current = viewer.current;
    if (!current) return;
    const { Cesium } = current;
    current.viewer.camera.flyTo({
      destination: Cesium.Cartesian3.fromDegrees(position.longitude, position.latitude, 1500),
      orientation: { heading: 0, pitch: -Math.PI / 2, roll: 0 },
      duration: 0.8,
    });
  };

  const openedKind = opened ? kinds.get(opened.kind) : undefined;
  // Bound by the plugin that provides it (device-center) once the globe has activated it.
  const DeviceDetail = pluginsActive && services.isBound(MapDeviceDetail) ? services.get(MapDeviceDetail) : undefined;
  const overlays = useMemo(
    () => (pluginsActive ? getContributions(asContainer(services) ?? { getAll: () => [] }, MapOverlay) : []),
    [pluginsActive, services],
  );
  const found = state === 'ready' && search.trim() && viewer.current ? viewer.current.devices.find(search) : [];
  const openFound = (device: DevicePoint) => {
    setSearch('');
    setOpened(device);
    focus({ longitude: device.longitude, latitude: device.latitude, height: 0 });
  };

  return (
    <div
      className="globe-host"
      aria-label={config.isDeviceMap3d ? t.globe : t.map2d}
      role="region"
      data-effects={effectCount}
      data-districts={districtCount}
      data-markers={markers.total}
      data-shown-markers={markers.shown}
    >
      <div ref={container} className="globe-host__canvas" data-state={state} />
      <div ref={credits} className="globe-host__credits" />
      {state === 'loading' ? <Spinner className="globe-host__spinner" aria-label={t.loading} /> : null}
      {state === 'failed' ? (
        <Callout intent="danger" className="globe-host__error">
          {t.failed}
        </Callout>
      ) : null}
      {state === 'ready' ? (
        <p className="globe-host__legend" role="status">
          {t.deviceLayer(markers.shown, markers.total, markers.online)}
        </p>
      ) : null}
      {state === 'ready' ? (
        <div className="globe-host__search">
          <InputGroup
            leftIcon="search"
            type="search"
            aria-label={t.findDevice}
            placeholder={t.findPlaceholder}
            value={search}
            onValueChange={setSearch}
          />
          {search.trim() ? (
            <Menu aria-label={t.foundDevices}>
              {found.length ? (
                found.map((device) => (
                  <MenuItem
                    key={device.deviceId}
                    text={device.deviceName ?? String(device.deviceId)}
                    label={kinds.get(device.kind)?.displayName ?? device.kind}
                    onClick={() => openFound(device)}
                  />
                ))
              ) : (
                <MenuItem disabled text={t.noDeviceFound} />
              )}
            </Menu>
          ) : null}
        </div>
      ) : null}
      {overlays.map(({ id, component: Overlay }) => (
        <Suspense key={id} fallback={null}>
          <Overlay globe={globeReady.current.promise} />
        </Suspense>
      ))}
      {opened && openedKind && DeviceDetail ? (
        <DeviceDetail
          key={opened.deviceId}
          device={opened}
          kind={openedKind}
          onClose={() => setOpened(null)}
          onFocus={focus}
          onMoved={() => viewer.current && void loadDevicesRef.current(viewer.current.devices)}
        />
      ) : null}
      {state === 'ready' && config.viewList.length > 1 ? (
        <ButtonGroup role="group" className="globe-host__views" aria-label={t.viewSwitcher}>
          {config.viewList.map((view, index) => (
            <Button
              key={`${view.name ?? index}`}
              onClick={() => viewer.current && flyToView(viewer.current.Cesium, viewer.current.viewer, view)}
            >
              {view.name ?? (index === 0 ? t.mainView : `${t.views}${index}`)}
            </Button>
          ))}
        </ButtonGroup>
      ) : null}
    </div>
  );
}
