/**
 * The page bench/globe.ts (and tests/e2e/mapEffects.e2e.ts) drives: the app's own viewer, device layer, effect hub and effect
 * renderers, with a scenario of markers and effects set up on request. `window.globeBench` is the
 * bench's handle; nothing here is part of the product build.
 */
import { createViewer } from '../../core/map/createViewer';
import { DeviceLayer, type DevicePoint } from '../../core/map/DeviceLayer';
import { loadCesium } from '../../core/map/loadCesium';
import { Container } from 'inversify';
import { collectEffectRenderers } from '../../core/map/effectRenderers';
import { MapEffectHub, type MapEffectRenderer } from '../../core/map/MapEffects';
import { discoverPlugins } from '../../core/plugins/discoverPlugins';
import { DefaultPluginRegistry } from '../../core/plugins/PluginRegistry';
import { fireSmokeRenderer } from '../../plugins/map-effect/fire-smoke/renderFireSmoke';
import { flashingPointRenderer } from '../../plugins/map-effect/flashing-point/renderFlashingPoint';
import { heatLayerRenderer } from '../../plugins/map-effect/heat-layer/renderHeatLayer';
import { lineTrailRenderer } from '../../plugins/map-effect/line-trail/renderLineTrail';
import { movingSubjectsRenderer } from '../../plugins/map-effect/moving-subjects/renderMovingSubjects';
import type { MovingSubject } from '../../plugins/map-effect/moving-subjects/movingSubjects';
import { pulsingCircleRenderer } from '../../plugins/map-effect/pulsing-circle/renderPulsingCircle';
import { scanCircleRenderer } from '../../plugins/map-effect/scan-circle/renderScanCircle';
import { viewConeRenderer } from '../../plugins/map-effect/view-cone/renderViewCone';

const icons = import.meta.glob<string>('../../plugins/device/*/icon.svg', { query: '?url', import: 'default', eager: true });
const kinds = Object.keys(icons).map((path) => /device\/([^/]+)\/icon\.svg$/.exec(path)![1]!);
const iconOf = (kind: string) => icons[`../../plugins/device/${kind}/icon.svg`];

const CENTER = { longitude: 120.2185, latitude: 30.2045 };
const allRenderers: MapEffectRenderer[] = [
  pulsingCircleRenderer,
  scanCircleRenderer,
  flashingPointRenderer,
  lineTrailRenderer,
  fireSmokeRenderer,
  viewConeRenderer,
  heatLayerRenderer,
];
const MOVERS_ID = 'bench-movers';
// `?only=scanCircle` puts every effect of the run on one renderer, to see what each one costs.
const only = new URLSearchParams(location.search).get('only');
const renderers = only ? allRenderers.filter((renderer) => renderer.effect === only) : allRenderers;
// Paired with their plugins' manifests the way the globe pairs them, so each gets its plugin.json's images.
const registry = new DefaultPluginRegistry(discoverPlugins({ failLoudly: false }), new Container());

/** A fixed pseudo-random sequence, so every run places the same markers. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function effectOptions(kind: string, index: number, next: () => number): Record<string, unknown> {
  const at = () => `${(CENTER.longitude + (next() - 0.5) * 0.2).toFixed(6)},${(CENTER.latitude + (next() - 0.5) * 0.12).toFixed(6)},10`;
  switch (kind) {
    case 'pulsingCircle':
      return { position: at(), maxRadius: 600, step: 60, type: index % 2 ? 'pushAlarm' : 'normal' };
    case 'scanCircle':
      return { position: at(), radius: 1200 };
    case 'flashingPoint':
      return { position: at() };
    case 'lineTrail': {
      const [a, b] = [at().split(',').map(Number), at().split(',').map(Number)];
      return { tag: index, positions: [...a, ...b] };
    }
    case 'fireSmoke':
      return { position: at() };
    case 'heatLayer':
      // A dozen cameras' people counts around one spot (the layer spans its points' rectangle).
      return {
        points: Array.from({ length: 12 }, () => {
          const [longitude, latitude] = at().split(',').map(Number);
          return { longitude, latitude, value: Math.round(next() * 40) };
        }),
        radius: 1500,
      };
    default:
      return { position: at(), far: 400, mode: 1 };
  }
}

async function start() {
  const Cesium = await loadCesium();
  const viewer = createViewer(Cesium, document.getElementById('globe')!, { is3d: true });
  viewer.camera.setView({
    destination: Cesium.Cartesian3.fromDegrees(CENTER.longitude, CENTER.latitude - 0.16, 14_000),
    orientation: { heading: 0, pitch: Cesium.Math.toRadians(-50), roll: 0 },
  });
  const hub = new MapEffectHub();
  hub.attach({ Cesium, viewer, renderers: collectEffectRenderers(registry, [...renderers, movingSubjectsRenderer]) });
  // People and UAVs moving as the field simulators move them: a step of a few metres per second each.
  let movers: MovingSubject[] = [];
  let lastMove = 0;
  const move = () => {
    const next = random(movers.length + Math.round(performance.now()));
    movers = movers.map((subject) => {
      const heading = (subject.heading ?? 0) + (next() - 0.5) * 30;
      const metres = subject.kind === 'uav' ? 10 : 1.4;
      const radians = (heading * Math.PI) / 180;
      return {
        ...subject,
        heading,
        longitude: subject.longitude + (Math.sin(radians) * metres) / 96_000,
        latitude: subject.latitude + (Math.cos(radians) * metres) / 111_000,
      };
    });
    hub.update(MOVERS_ID, { subjects: movers });
    lastMove = performance.now();
  };
  const layer = new DeviceLayer(Cesium, viewer, iconOf);
  let renders = 0;
  viewer.scene.postRender.addEventListener(() => renders++);
  const gl = (viewer.scene as unknown as { context: { _gl: WebGL2RenderingContext } }).context._gl;
  const pixel = new Uint8Array(4);
  const renderErrors: string[] = [];
  viewer.scene.renderError.addEventListener((_scene: unknown, error: unknown) => renderErrors.push(String(error)));
  let kept: Uint8Array | undefined;
  const picture = () => {
    viewer.scene.requestRender();
    viewer.render();
    const all = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
    gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, all);
    return all;
  };

  return {
    /** Frames rendered since the page started: an idle globe adds none. */
    renders: () => renders,
    /** What Cesium reported while rendering (it stops drawing after one). */
    errors: () => renderErrors,
    effectIds: () => hub.ids(),
    /** Renders now and keeps the picture, to compare a later one with. */
    snapshot() {
      kept = picture();
    },
    /** Pixels of a fresh render that differ from the snapshot (any channel by more than 8). */
    changedPixels(): number {
      const now = picture();
      let changed = 0;
      for (let at = 0; kept && at < now.length; at += 4) {
        if (Math.abs(now[at]! - kept[at]!) > 8 || Math.abs(now[at + 1]! - kept[at + 1]!) > 8 || Math.abs(now[at + 2]! - kept[at + 2]!) > 8)
          changed++;
      }
      return changed;
    },
    async setup(markers: number, effects: number, only?: string, people = 0, uavs = 0) {
      const using = only ? renderers.filter((renderer) => renderer.effect === only) : renderers;
      for (const id of hub.ids()) hub.remove(id);
      movers = [];
      const next = random(42);
      const devices: DevicePoint[] = Array.from({ length: markers }, (_, index) => ({
        deviceId: index + 1,
        kind: kinds[index % kinds.length]!,
        online: next() > 0.1,
        longitude: CENTER.longitude + (next() - 0.5) * 0.6,
        latitude: CENTER.latitude + (next() - 0.5) * 0.4,
      }));
      await layer.setDevices(devices);
      for (let index = 0; index < effects; index++) {
        const renderer = using[index % using.length]!;
        hub.add(renderer.effect, `bench-${index}`, effectOptions(renderer.effect, index, next));
      }
      if (people + uavs > 0) {
        movers = Array.from({ length: people + uavs }, (_, index) => ({
          id: String(index),
          kind: index < people ? 'person' : 'uav',
          longitude: CENTER.longitude + (next() - 0.5) * 0.2,
          latitude: CENTER.latitude + (next() - 0.5) * 0.12,
          heading: next() * 360,
          ...(index < people ? {} : { altitude: 60 + next() * 140 }),
          label: index < people ? `队员${index + 1}` : `无人机${index - people + 1}`,
        }));
        hub.add('movingSubjects', MOVERS_ID, { subjects: movers });
      }
      // Let images, textures and geometry settle before timing.
      for (let frame = 0; frame < 30; frame++) {
        viewer.scene.requestRender();
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return { shown: layer.shown, effects: hub.ids().length };
    },
    /** Frames rendered while the subjects get `updates` updates a second apart and nothing else happens. */
    async framesOverUpdates(updates: number): Promise<number> {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = renders;
      for (let update = 0; update < updates; update++) {
        move();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return renders - before;
    },
    /** Frame time: each frame forced, the camera turning a little, timed until the GPU is done. */
    async measure(frames: number): Promise<number[]> {
      viewer.useDefaultRenderLoop = false;
      const times: number[] = [];
      for (let frame = 0; frame < frames; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        viewer.camera.rotate(Cesium.Cartesian3.normalize(viewer.camera.position, new Cesium.Cartesian3()), 0.002);
        viewer.scene.requestRender();
        const began = performance.now();
        // Moving subjects get their 1 Hz update inside the timed frame that falls due.
        if (movers.length > 0 && began - lastMove >= 1000) move();
        viewer.render();
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
        times.push(performance.now() - began);
      }
      viewer.useDefaultRenderLoop = true;
      return times;
    },
  };
}

(window as unknown as { globeBench: Promise<Awaited<ReturnType<typeof start>>> }).globeBench = start();
