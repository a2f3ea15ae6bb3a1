import { describe, expect, it } from 'vitest';
import type { Viewer } from 'cesium';
import { pluginEffectRenderer, type Cesium, type MapEffectContext } from '@ops/sdk';
import { pulsingCircleRenderer } from './renderPulsingCircle';
import { advancePulse, createPulsingCircle, endDrag, extrudedHeightOf, outerRadiusOf, startDrag } from './pulsingCircle';

const at = { longitude: 120.21, latitude: 30.2, height: 10 };

describe('pulsing circle', () => {
  it('grows by the step each frame and resets to 1 once past the maximum', () => {
    let state = createPulsingCircle('a', at, { maxRadius: 1000, step: 300 });
    const radii = [state.radius];
    for (let frame = 0; frame < 6; frame++) radii.push((state = advancePulse(state)).radius);
    expect(radii).toEqual([1, 301, 601, 901, 1201, 1, 301]);
    expect(outerRadiusOf(state)).toBe(1300);
  });

  it('is red unless the page gives a colour of its own (cases by status)', () => {
    expect(createPulsingCircle('a', at).color).toBe('#ff0000');
    expect(createPulsingCircle('a', at, { color: '#52c41a' }).color).toBe('#52c41a');
  });

  it('defaults to step and maximum radius 1000, which pulses between 1 and 1001', () => {
    let state = createPulsingCircle('a', at);
    expect([state.step, state.maxRadius]).toEqual([1000, 1000]);
    const radii = [state.radius];
    for (let frame = 0; frame < 3; frame++) radii.push((state = advancePulse(state)).radius);
    expect(radii).toEqual([1, 1001, 1, 1001]);
  });

  it('turns orange and stops map rotation while dragged; red and rotation back on release, reporting 8 decimals and clamping height', () => {
    const dragged = startDrag(createPulsingCircle('a', at));
    expect(dragged).toMatchObject({ color: '#ffa500', dragging: true, mapRotationEnabled: false });
    const { state, reported } = endDrag(dragged, { longitude: 120.123456789123, latitude: 30.987654321987, height: -5 });
    expect(reported).toEqual({ longitude: 120.12345679, latitude: 30.98765432, height: 0 });
    expect(state).toMatchObject({ color: '#ff0000', dragging: false, mapRotationEnabled: true, position: reported });
  });

  it('extrudes push-alarm circles to 22', () => {
    expect(extrudedHeightOf(createPulsingCircle('a', at, { type: 'pushAlarm' }))).toBe(22);
    expect(extrudedHeightOf(createPulsingCircle('a', at))).toBe(0);
  });

  it('refuses impossible settings', () => {
    expect(() => createPulsingCircle('a', at, { step: 0 })).toThrow('步长必须大于 0');
  });
});

// Cesium is a tripwire here: reaching it means every image the renderer needs was found first.
const CESIUM_REACHED = 'Cesium reached';
const tripwire = new Proxy({} as Cesium, {
  get: () => {
    throw new Error(CESIUM_REACHED);
  },
});
const contextWith = (
  assets: Record<string, string> | undefined,
  options: Record<string, unknown>,
  Cesium: Cesium = tripwire,
): MapEffectContext => ({
  Cesium,
  viewer: { clock: {} } as Viewer,
  id: 'test',
  options,
  emit: () => undefined,
  remember: () => undefined,
  ...(assets ? { assets } : {}),
});

describe('pulsing circle images', () => {
  it('draws with redCircle.png, listed in its plugin.json, from the URLs the core gives', () => {
    expect(() =>
      pulsingCircleRenderer.create(contextWith({ 'redCircle.png': '/test/redCircle.png' }, { position: '120.2,30.2,10' })),
    ).toThrow(CESIUM_REACHED);
    // Paired with the real manifest and folder, as the globe pairs it.
    expect(() => pluginEffectRenderer(pulsingCircleRenderer).create(contextWith(undefined, { position: '120.2,30.2,10' }))).toThrow(
      CESIUM_REACHED,
    );
  });

  it('names the plugin and the image when the core has no URL for it, before drawing anything', () => {
    expect(() => pulsingCircleRenderer.create(contextWith({}, { position: '120.2,30.2,10' }))).toThrow(
      '地图效果插件 map-effect:pulsing-circle 声明的图片 redCircle.png 不在插件目录中',
    );
    expect(() => pulsingCircleRenderer.create(contextWith(undefined, { position: '120.2,30.2,10' }))).toThrow('没有地址');
  });

  it("puts the image's URL on the circle's material", () => {
    const images: unknown[] = [];
    const capture = new Proxy({} as Cesium, {
      get: (_target, key) => {
        if (key === 'Color') return { fromCssColorString: () => ({}) };
        if (key !== 'Material') throw new Error(CESIUM_REACHED);
        return function Material(options: { fabric: { uniforms: { image: unknown } } }) {
          images.push(options.fabric.uniforms.image);
          throw new Error(CESIUM_REACHED);
        };
      },
    });
    expect(() =>
      pulsingCircleRenderer.create(contextWith({ 'redCircle.png': '/test/redCircle.png' }, { position: '120.2,30.2,10' }, capture)),
    ).toThrow(CESIUM_REACHED);
    expect(images).toEqual(['/test/redCircle.png']);
  });
});
