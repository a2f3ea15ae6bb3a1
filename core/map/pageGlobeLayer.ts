import type { MapGlobe, MapLayer, MapLayerContext } from './MapLayer';

/** How long a page's camera move waits for the globe to come up before giving up. */
export const GLOBE_ATTACH_WAIT_MS = 60_000;

/** A map page plugin's layer and its way to the globe (see `pageGlobeLayer`). */
export interface PageGlobeLayer {
  /** Bound to `MapLayer` by the plugin. */
  layer: MapLayer;
  /** The globe once it is up (waited for up to `GLOBE_ATTACH_WAIT_MS`); undefined when none comes up or it was closed. */
  globe(): Promise<MapGlobe | undefined>;
}

/**
 * The layer of a map page that draws through `MapEffects` (so the layer itself draws nothing): it holds the
 * globe for the page's camera moves and point picks, and turns a click on one of the page's effects into the
 * page's query (`queryOf` answers e.g. `caseId=12` for the effect's id, undefined for an effect not its own),
 * opening the item on the page that is showing.
 */
export function pageGlobeLayer(id: string, queryOf: (effectId: string) => string | undefined): PageGlobeLayer {
  let attached: MapLayerContext | undefined;
  let settle: (context: MapLayerContext) => void = () => undefined;
  let whenAttached: Promise<MapLayerContext>;
  const waitForAttach = () => (whenAttached = new Promise((resolve) => (settle = resolve)));
  waitForAttach();
  return {
    layer: {
      id,
      attach(context) {
        attached = context;
        settle(context);
        return () => {
          if (attached !== context) return;
          attached = undefined;
          waitForAttach();
        };
      },
      onEffectClick(effectId, { navigate }) {
        const query = queryOf(effectId);
        if (query === undefined) return false;
        navigate(`${window.location.pathname}?${query}`);
        return true;
      },
    },
    async globe() {
      let timer: number | undefined;
      const context =
        attached ??
        (await Promise.race([
          whenAttached,
          new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, GLOBE_ATTACH_WAIT_MS))),
        ]));
      window.clearTimeout(timer);
      if (!context) return undefined;
      const loaded = await context.globe;
      return loaded.viewer.isDestroyed() ? undefined : loaded;
    },
  };
}

/**
 * Flies the camera over a place (a circle of `radius` metres), looking at it obliquely from the south from
 * `range` metres; false when no globe comes up.
 */
export async function flyOver(
  page: PageGlobeLayer,
  place: { longitude: number; latitude: number; radius?: number },
  range: number,
  pitchDegrees = -45,
): Promise<boolean> {
  const loaded = await page.globe();
  if (!loaded) return false;
  const { Cesium, viewer } = loaded;
  const center = Cesium.Cartesian3.fromDegrees(place.longitude, place.latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, Math.max(place.radius ?? 100, 50)), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(pitchDegrees), range),
    duration: 1.2,
  });
  return true;
}
