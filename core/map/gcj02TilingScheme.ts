import type { Cartesian3, Cartographic, WebMercatorProjection, WebMercatorTilingScheme } from 'cesium';
import { gcj02ToWgs84Exact, wgs84ToGcj02 } from '../geo/coordinates';
import type { Cesium } from './loadCesium';

/** How the tiles of `MAP_IMAGERY_URL` are referenced: true WGS-84 Web Mercator, or China's GCJ-02 (高德、腾讯 and the like). */
export type ImageryCrs = 'wgs84' | 'gcj02';

const DEGREES = 180 / Math.PI;

/**
 * A Web Mercator tiling scheme for tiles drawn in GCJ-02: where a WGS-84 place falls in the tile grid
 * is where its GCJ-02 coordinates fall in plain Web Mercator, and a tile's corners are put back at the
 * WGS-84 places they show. Cesium reads both through the scheme's projection, so that is what is
 * shifted; it stays a WebMercatorProjection, which Cesium checks to reproject the tiles. Outside
 * China GCJ-02 equals WGS-84 and the scheme is plain Web Mercator.
 */
export function createGcj02TilingScheme(Cesium: Cesium): WebMercatorTilingScheme {
  const scheme = new Cesium.WebMercatorTilingScheme();
  const plain = new Cesium.WebMercatorProjection(scheme.ellipsoid);
  const shifted = scheme.projection as WebMercatorProjection;
  shifted.project = (cartographic: Cartographic, result?: Cartesian3): Cartesian3 => {
    const [longitude, latitude] = wgs84ToGcj02([cartographic.longitude * DEGREES, cartographic.latitude * DEGREES]);
    return plain.project(new Cesium.Cartographic(longitude / DEGREES, latitude / DEGREES, cartographic.height), result);
  };
  shifted.unproject = (cartesian: Cartesian3, result?: Cartographic): Cartographic => {
    const onTiles = plain.unproject(cartesian, result);
    const [longitude, latitude] = gcj02ToWgs84Exact([onTiles.longitude * DEGREES, onTiles.latitude * DEGREES]);
    onTiles.longitude = longitude / DEGREES;
    onTiles.latitude = latitude / DEGREES;
    return onTiles;
  };
  return scheme;
}
