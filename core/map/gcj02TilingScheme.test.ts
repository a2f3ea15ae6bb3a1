import { describe, expect, it } from 'vitest';
import * as CesiumModule from 'cesium';
import type { Cesium } from './loadCesium';
import { createGcj02TilingScheme } from './gcj02TilingScheme';
import { gcj02ToWgs84Exact, wgs84ToGcj02, type LngLat } from '../geo/coordinates';

const C = CesiumModule as unknown as Cesium;
const radians = ([longitude, latitude]: LngLat) => C.Cartographic.fromDegrees(longitude, latitude);
const degrees = (value: number) => C.Math.toDegrees(value);
/** Metres between two lng/lat points (small distances). */
const metres = (a: LngLat, b: LngLat) => Math.hypot((a[0] - b[0]) * 111_320 * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * 110_540);

// A device of the Binjiang tenant (server/seed), in WGS-84, and where GCJ-02 tiles draw it.
const device: LngLat = [120.2112, 30.2084];
const onTiles = wgs84ToGcj02(device);

describe('GCJ-02 tiling scheme', () => {
  const plain = new C.WebMercatorTilingScheme();
  const shifted = createGcj02TilingScheme(C);

  it('puts a WGS-84 place in the tile where GCJ-02 tiles draw it', () => {
    // The offset here is about 500 m: at level 18 (≈ 130 m tiles) that is several tiles away.
    expect(metres(device, onTiles)).toBeGreaterThan(400);
    for (const level of [10, 14, 16, 18]) {
      expect(shifted.positionToTileXY(radians(device), level)).toEqual(plain.positionToTileXY(radians(onTiles), level));
    }
    expect(shifted.positionToTileXY(radians(device), 18)).not.toEqual(plain.positionToTileXY(radians(device), 18));
  });

  it('places each tile where the streets it shows really are: its corners moved back to WGS-84', () => {
    const tile = plain.positionToTileXY(radians(onTiles), 17)!;
    const drawn = plain.tileXYToRectangle(tile.x, tile.y, 17);
    const placed = shifted.tileXYToRectangle(tile.x, tile.y, 17);
    const southwest = gcj02ToWgs84Exact([degrees(drawn.west), degrees(drawn.south)]);
    const northeast = gcj02ToWgs84Exact([degrees(drawn.east), degrees(drawn.north)]);
    expect(degrees(placed.west)).toBeCloseTo(southwest[0], 9);
    expect(degrees(placed.south)).toBeCloseTo(southwest[1], 9);
    expect(degrees(placed.east)).toBeCloseTo(northeast[0], 9);
    expect(degrees(placed.north)).toBeCloseTo(northeast[1], 9);
    // And the WGS-84 device lies in the tile that shows it.
    expect(C.Rectangle.contains(placed, radians(device))).toBe(true);
  });

  it('maps a placed tile back onto its own Mercator rectangle within a millimetre (Cesium textures it through this)', () => {
    const tile = plain.positionToTileXY(radians(onTiles), 16)!;
    const native = plain.tileXYToNativeRectangle(tile.x, tile.y, 16);
    const roundTrip = shifted.rectangleToNativeRectangle(shifted.tileXYToRectangle(tile.x, tile.y, 16));
    for (const side of ['west', 'south', 'east', 'north'] as const) expect(Math.abs(roundTrip[side] - native[side])).toBeLessThan(0.001);
  });

  it('stays a Web Mercator projection, which Cesium checks before reprojecting tiles, and covers the same world', () => {
    expect(shifted.projection).toBeInstanceOf(C.WebMercatorProjection);
    expect(shifted.rectangle).toEqual(plain.rectangle);
    expect(shifted.getNumberOfXTilesAtLevel(5)).toBe(32);
  });

  it('is plain Web Mercator outside China, where GCJ-02 is WGS-84', () => {
    const paris: LngLat = [2.35, 48.85];
    expect(shifted.positionToTileXY(radians(paris), 15)).toEqual(plain.positionToTileXY(radians(paris), 15));
    const tile = plain.positionToTileXY(radians(paris), 15)!;
    const [placed, drawn] = [shifted.tileXYToRectangle(tile.x, tile.y, 15), plain.tileXYToRectangle(tile.x, tile.y, 15)];
    for (const side of ['west', 'south', 'east', 'north'] as const) expect(placed[side]).toBeCloseTo(drawn[side], 12);
  });
});
