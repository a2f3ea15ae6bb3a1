import { Button, ButtonGroup, Callout, Spinner } from '@blueprintjs/core';
import { useContext, useEffect, useRef, useState } from 'react';
import type { Cartesian2, Viewer } from 'cesium';
import type { Container } from 'inversify';
import { useNavigate } from 'react-router-dom';
import { ContainerContext } from '../di/ContainerContext';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus } from '../push/EventBus';
import { PUSH_TOPIC_ALL, type RoutedPush } from '../push/PushClient';
import { MapEffectRenderer, MapEffects, type MapEffectHub } from './MapEffects';
import { useService } from '../di/useService';
import { HttpClient } from '../http/HttpClient';
import { activeTenant, useSessionStore } from '../session/sessionStore';
import type { TwinPlatformConfig, TwinPlatformView } from '../session/sessionTypes';
import { loadCesium, type Cesium } from './loadCesium';
import { mapStrings as t } from './mapStrings';
import './GlobeHost.css';

interface DevicePoint {
  deviceId: number;
  kind: string;
  online: boolean;
  longitude: number;
  latitude: number;
}

export function parseTwinConfig(raw: string | undefined): TwinPlatformConfig {
  try {
    const parsed = JSON.parse(raw ?? '{}') as Partial<TwinPlatformConfig>;
    return { viewList: Array.isArray(parsed.viewList) ? parsed.viewList.filter((view) => Number.isFinite(view.longitude) && Number.isFinite(view.latitude)) : [], isDeviceMap3d: parsed.isDeviceMap3d !== false };
  } catch {
    return { viewList: [], isDeviceMap3d: true };
  }
}

/** Live alarms kept on the map at once; older circles make room for new ones. */
const MAX_ALARM_CIRCLES = 50;

/** Offline viewer: bundled Natural Earth II imagery, ellipsoid terrain, no Ion, no widgets, render on demand. */
function createViewer(Cesium: Cesium, container: HTMLElement, credits: HTMLElement, is3d: boolean): Viewer {
  Cesium.Ion.defaultAccessToken = '';
  const viewer = new Cesium.Viewer(container, {
    baseLayer: Cesium.ImageryLayer.fromProviderAsync(Cesium.TileMapServiceImageryProvider.fromUrl(Cesium.buildModuleUrl('Assets/Textures/NaturalEarthII'))),
    terrainProvider: new Cesium.EllipsoidTerrainProvider(),
    baseLayerPicker: false,
    geocoder: false,
    homeButton: false,
    sceneModePicker: false,
    navigationHelpButton: false,
    animation: false,
    timeline: false,
    fullscreenButton: false,
    infoBox: false,
    selectionIndicator: false,
    creditContainer: credits,
    requestRenderMode: true,
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    sceneMode: is3d ? Cesium.SceneMode.SCENE3D : Cesium.SceneMode.SCENE2D,
  });
  // In software WebGL these cost most of a frame (DESIGN.md); the dashboard does not need them.
  if (viewer.scene.skyAtmosphere) viewer.scene.skyAtmosphere.show = false;
  viewer.scene.globe.showGroundAtmosphere = false;
  viewer.scene.fog.enabled = false;
  viewer.scene.postProcessStages.fxaa.enabled = false;
  return viewer;
}

/** Looks at the view's point from its height, heading and pitch (the view names what to see, not where to stand). */
function flyTo(Cesium: Cesium, viewer: Viewer, view: TwinPlatformView, duration = 1.5): void {
  const target = new Cesium.BoundingSphere(Cesium.Cartesian3.fromDegrees(view.longitude, view.latitude, 0), 0);
  const offset = new Cesium.HeadingPitchRange(Cesium.Math.toRadians(view.heading ?? 0), Cesium.Math.toRadians(view.pitch ?? -45), view.height);
  viewer.camera.flyToBoundingSphere(target, { offset, duration });
}

/** The one globe of the app, behind every map page: the tenant's views and its devices. */
export default function GlobeHost() {
  const container = useRef<HTMLDivElement>(null);
  const credits = useRef<HTMLDivElement>(null);
  const http = useService<HttpClient>(HttpClient);
  const registry = useService<PluginRegistry>(PluginRegistry);
  const bus = useService<EventBus>(EventBus);
  const effects = useService<MapEffects>(MapEffects) as MapEffectHub;
  const services = useContext(ContainerContext) as unknown as Container;
  const navigate = useNavigate();
  const [effectCount, setEffectCount] = useState(() => effects.ids().length);
  const tenant = useSessionStore((state) => activeTenant(state.user));
  const config = parseTwinConfig(tenant?.twinPlatformConfig);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const viewer = useRef<{ Cesium: Cesium; viewer: Viewer } | null>(null);
  const configKey = JSON.stringify(config);

  useEffect(() => {
    let cancelled = false;
    const parsed = JSON.parse(configKey) as TwinPlatformConfig;
    loadCesium()
      .then(async (Cesium) => {
        if (cancelled || !container.current || !credits.current) return;
        const created = createViewer(Cesium, container.current, credits.current, parsed.isDeviceMap3d);
        viewer.current = { Cesium, viewer: created };
        const main = parsed.viewList[0];
        if (main) flyTo(Cesium, created, main, 0);
        const reply = await http.get<DevicePoint[]>('/devi/aep/positions', {}, { loading: false });
        if (cancelled) return;
        const points = created.scene.primitives.add(new Cesium.PointPrimitiveCollection());
        for (const device of (reply.data ?? []) as DevicePoint[]) {
          points.add({
            position: Cesium.Cartesian3.fromDegrees(device.longitude, device.latitude, 10),
            pixelSize: 7,
            color: device.online ? Cesium.Color.fromCssColorString('#3dcc91') : Cesium.Color.fromCssColorString('#8f99a8'),
            outlineColor: Cesium.Color.BLACK,
            outlineWidth: 1,
            id: device,
          });
        }
        // Effects are drawn by the map-effect plugins; their code loads with the globe.
        for (const plugin of registry.list('map-effect')) await registry.loadCode(plugin.fullId);
        if (cancelled) return;
        const renderers = new Map(services.getAll<MapEffectRenderer>(MapEffectRenderer, { optional: true }).map((renderer) => [renderer.effect, renderer]));
        effects.attach({ Cesium, viewer: created, renderers });
        const clicks = new Cesium.ScreenSpaceEventHandler(created.scene.canvas);
        clicks.setInputAction((event: { position: Cartesian2 }) => {
          const picked = created.scene.pick(event.position) as { id?: { id?: unknown } } | undefined;
          const alarm = /^effect:alarm-(\d+)$/.exec(String(picked?.id?.id ?? ''));
          if (alarm) navigate(`/alarmManage/eventcenter?alarmId=${alarm[1]}`);
        }, Cesium.ScreenSpaceEventType.LEFT_CLICK);
        created.scene.requestRender();
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      effects.detach();
      viewer.current?.viewer.destroy();
      viewer.current = null;
    };
  }, [configKey, http, registry, services, effects, navigate]);

  useEffect(() => effects.onDidChange(() => setEffectCount(effects.ids().length)), [effects]);

  // Alarm layer: a live alarm with a position appears there as a push-alarm pulsing circle.
  useEffect(
    () =>
      bus.subscribe(PUSH_TOPIC_ALL, (payload) => {
        const { message, route } = payload as RoutedPush;
        const data = message.data as { alarmId?: number; longitude?: number | null; latitude?: number | null };
        if (route.action !== 'toast' || typeof data.longitude !== 'number' || typeof data.latitude !== 'number' || !data.alarmId) return;
        effects.add('pulsingCircle', `alarm-${data.alarmId}`, { position: { longitude: data.longitude, latitude: data.latitude, height: 10 }, type: 'pushAlarm', maxRadius: 300, step: 15 });
        const alarmIds = effects.ids().filter((id) => id.startsWith('alarm-'));
        for (const old of alarmIds.slice(0, Math.max(0, alarmIds.length - MAX_ALARM_CIRCLES))) effects.remove(old);
      }),
    [bus, effects],
  );

  return (
    <div className="globe-host" aria-label={config.isDeviceMap3d ? t.globe : t.map2d} role="region" data-effects={effectCount}>
      <div ref={container} className="globe-host__canvas" data-state={state} />
      <div ref={credits} className="globe-host__credits" />
      {state === 'loading' ? <Spinner className="globe-host__spinner" aria-label={t.loading} /> : null}
      {state === 'failed' ? (
        <Callout intent="danger" className="globe-host__error">
          {t.failed}
        </Callout>
      ) : null}
      {state === 'ready' && config.viewList.length > 1 ? (
        <ButtonGroup role="group" className="globe-host__views" aria-label={t.viewSwitcher}>
          {config.viewList.map((view, index) => (
            <Button key={`${view.name ?? index}`} onClick={() => viewer.current && flyTo(viewer.current.Cesium, viewer.current.viewer, view)}>
              {view.name ?? (index === 0 ? t.mainView : `${t.views}${index}`)}
            </Button>
          ))}
        </ButtonGroup>
      ) : null}
    </div>
  );
}
