import type { BillboardCollection, Viewer } from 'cesium';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { Cesium } from './loadCesium';
import type { DevicePoint } from '../../contracts/devices';

export type { DevicePoint };

/** What a click on the device layer hit. */
export type DeviceLayerHit =
  { device: DevicePoint } | { cluster: { longitude: number; latitude: number; count: number; expansionZoom: number } };

const MARKER_SIZE = 28;
/** Above this zoom every device is shown on its own. */
const CLUSTER_MAX_ZOOM = 14;
const CLUSTER_RADIUS_PX = 56;

/** Rough web-map zoom for a camera height, so clusters split as the operator zooms in. */
export function zoomForHeight(height: number): number {
  return Math.max(0, Math.min(22, Math.round(Math.log2(35_000_000 / Math.max(1, height)))));
}

/** The camera height that shows a web-map zoom (inverse of zoomForHeight). */
export const heightForZoom = (zoom: number) => 35_000_000 / 2 ** zoom;

/** A square canvas at twice the size it is shown (billboards are drawn at scale 0.5) with a filled, ringed disc. */
function disc(
  size: number,
  fill: string,
  ring: string,
  ringWidth: number,
): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * 2;
  const context = canvas.getContext('2d')!;
  context.scale(2, 2);
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2 - ringWidth / 2 - 0.5, 0, Math.PI * 2);
  context.fillStyle = fill;
  context.fill();
  context.lineWidth = ringWidth;
  context.strokeStyle = ring;
  context.stroke();
  return { canvas, context };
}

/** The marker of a kind: its icon in white on a green (online) or grey (offline) disc. */
async function drawMarker(iconUrl: string | undefined, online: boolean): Promise<HTMLCanvasElement> {
  const { canvas, context } = online ? disc(MARKER_SIZE, '#1c6e42', '#72ca9b', 2) : disc(MARKER_SIZE, '#4b5563', '#abb3bf', 2);
  if (iconUrl) {
    try {
      const svg = (await (await fetch(iconUrl)).text()).replaceAll('currentColor', '#ffffff');
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const inset = MARKER_SIZE * 0.22;
      context.drawImage(image, inset, inset, MARKER_SIZE - inset * 2, MARKER_SIZE - inset * 2);
    } catch {
      // A kind whose icon cannot be drawn still shows its status disc.
    }
  }
  return canvas;
}

function drawCluster(count: number): HTMLCanvasElement {
  const label = count >= 10_000 ? `${Math.floor(count / 1000)}k` : String(count);
  const size = count >= 1000 ? 46 : count >= 100 ? 40 : 34;
  const { canvas, context } = disc(size, 'rgba(33, 93, 176, 0.85)', 'rgba(138, 187, 255, 0.9)', 3);
  context.fillStyle = '#ffffff';
  context.font = `600 ${size >= 40 ? 13 : 12}px "Noto Sans CJK SC", sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, size / 2, size / 2 + 0.5);
  return canvas;
}

/**
 * The tenant's devices on the globe: one billboard per device with its kind's icon, grouped into
 * numbered clusters when zoomed out. Clusters are recomputed when the camera stops, not per frame,
 * so 20,000 devices cost no more per rendered frame than the few hundred billboards in view.
 */
export class DeviceLayer {
  private readonly billboards: BillboardCollection;
  private readonly index = new Supercluster<{ device: DevicePoint }>({ maxZoom: CLUSTER_MAX_ZOOM, radius: CLUSTER_RADIUS_PX });
  private readonly markers = new Map<string, HTMLCanvasElement>();
  private readonly clusterImages = new Map<string, HTMLCanvasElement>();
  private readonly stopListening: () => void;
  private devices: DevicePoint[] = [];
  private reload: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly Cesium: Cesium,
    private readonly viewer: Viewer,
    private readonly iconOf: (kind: string) => string | undefined,
  ) {
    this.billboards = viewer.scene.primitives.add(new Cesium.BillboardCollection({ scene: viewer.scene }));
    this.stopListening = viewer.camera.moveEnd.addEventListener(() => this.redraw());
  }

  /** Devices whose name or number contains the text, for finding one on the map. */
  find(text: string, limit = 8): DevicePoint[] {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return [];
    const found: DevicePoint[] = [];
    for (const device of this.devices) {
      if ((device.deviceName ?? '').toLowerCase().includes(wanted) || String(device.deviceId) === wanted) found.push(device);
      if (found.length >= limit) break;
    }
    return found;
  }

  /**
   * A device went on- or offline (push). Bursts of changes are folded into one re-cluster, half a
   * second later. Returns false for a device the layer does not hold.
   */
  setOnline(deviceId: number, online: boolean): boolean {
    const index = this.devices.findIndex((device) => device.deviceId === deviceId);
    if (index === -1) return false;
    if (this.devices[index]!.online === online) return true;
    this.devices = this.devices.map((device, at) => (at === index ? { ...device, online } : device));
    this.reload ??= setTimeout(() => {
      this.reload = undefined;
      if (!this.viewer.isDestroyed()) void this.setDevices(this.devices);
    }, 500);
    return true;
  }

  get online(): number {
    return this.devices.reduce((count, device) => count + (device.online ? 1 : 0), 0);
  }

  get count(): number {
    return this.devices.length;
  }

  /** Billboards drawn now: single devices plus clusters. */
  get shown(): number {
    return this.billboards.length;
  }

  async setDevices(devices: readonly DevicePoint[]): Promise<void> {
    const valid = devices.filter(
      (device) =>
        Number.isFinite(device.longitude) &&
        Number.isFinite(device.latitude) &&
        Math.abs(device.longitude) <= 180 &&
        Math.abs(device.latitude) <= 90,
    );
    const needed = new Set(valid.map((device) => `${device.kind}:${device.online ? 1 : 0}`));
    await Promise.all(
      [...needed]
        .filter((key) => !this.markers.has(key))
        .map(async (key) => {
          const [kind, online] = key.split(':') as [string, string];
          this.markers.set(key, await drawMarker(this.iconOf(kind), online === '1'));
        }),
    );
    this.devices = valid;
    this.index.load(
      valid.map((device) => ({
        type: 'Feature',
        properties: { device },
        geometry: { type: 'Point', coordinates: [device.longitude, device.latitude] },
      })),
    );
    this.redraw();
  }

  /** Re-clusters for what the camera sees now. */
  redraw(): void {
    const { Cesium, viewer } = this;
    if (viewer.isDestroyed()) return;
    this.billboards.removeAll();
    if (!this.devices.length) return;
    const rectangle = viewer.camera.computeViewRectangle();
    const bbox: [number, number, number, number] = rectangle
      ? [
          Cesium.Math.toDegrees(rectangle.west),
          Cesium.Math.toDegrees(rectangle.south),
          Cesium.Math.toDegrees(rectangle.east),
          Cesium.Math.toDegrees(rectangle.north),
        ]
      : [-180, -90, 180, 90];
    // A view across the antimeridian comes back with west > east; the whole width is then searched.
    if (bbox[0] > bbox[2]) [bbox[0], bbox[2]] = [-180, 180];
    const zoom = zoomForHeight(viewer.camera.positionCartographic.height);
    for (const feature of this.index.getClusters(bbox, zoom)) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const position = Cesium.Cartesian3.fromDegrees(longitude, latitude, 10);
      const properties = feature.properties as Partial<ClusterProperties> & { device?: DevicePoint };
      if (properties.cluster) {
        const count = properties.point_count ?? 0;
        const key = count >= 10_000 ? `${Math.floor(count / 1000)}k` : String(count);
        let image = this.clusterImages.get(key);
        if (!image) this.clusterImages.set(key, (image = drawCluster(count)));
        const hit: DeviceLayerHit = {
          cluster: { longitude, latitude, count, expansionZoom: this.index.getClusterExpansionZoom(properties.cluster_id!) },
        };
        // One atlas entry per image id, however many billboards share it.
        this.billboards
          .add({ position, id: hit, scale: 0.5, disableDepthTestDistance: Number.POSITIVE_INFINITY })
          .setImage(`cluster:${key}`, image);
      } else if (properties.device) {
        const device = properties.device;
        const hit: DeviceLayerHit = { device };
        const key = `${device.kind}:${device.online ? 1 : 0}`;
        this.billboards
          .add({ position, id: hit, scale: 0.5, disableDepthTestDistance: Number.POSITIVE_INFINITY })
          .setImage(`device:${key}`, this.markers.get(key)!);
      }
    }
    viewer.scene.requestRender();
  }

  destroy(): void {
    clearTimeout(this.reload);
    this.stopListening();
    if (!this.viewer.isDestroyed()) this.viewer.scene.primitives.remove(this.billboards);
  }
}

/** Reads what a `scene.pick` result on the device layer means. */
export function deviceLayerHit(picked: unknown): DeviceLayerHit | undefined {
  const id = (picked as { id?: unknown } | undefined)?.id as Partial<{ device: DevicePoint; cluster: unknown }> | undefined;
  if (id && typeof id === 'object' && ('device' in id || 'cluster' in id)) return id as DeviceLayerHit;
  return undefined;
}
