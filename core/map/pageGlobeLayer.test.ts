import { describe, expect, it, vi } from 'vitest';
import type { MapGlobe, MapLayerContext } from './MapLayer';
import { pageGlobeLayer } from './pageGlobeLayer';

const contextWith = (destroyed = false) => {
  const navigate = vi.fn();
  const globe = { Cesium: {}, viewer: { isDestroyed: () => destroyed } } as unknown as MapGlobe;
  const context = { navigate, globe: Promise.resolve(globe) } as unknown as MapLayerContext;
  return { context, navigate, globe };
};

describe('pageGlobeLayer', () => {
  it("turns a click on the page's own effects into its query on the current path, and leaves others' alone", () => {
    const page = pageGlobeLayer('test:layer', (effectId) => /^test:item-(\d+)$/.exec(effectId)?.[1]).layer;
    const { context, navigate } = contextWith();
    expect(page.onEffectClick!('other:item-3', context)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    const withQuery = pageGlobeLayer('test:layer', (effectId) => (effectId === 'test:item-3' ? 'itemId=3' : undefined)).layer;
    expect(withQuery.onEffectClick!('test:item-3', context)).toBe(true);
    expect(navigate).toHaveBeenCalledWith(`${window.location.pathname}?itemId=3`);
  });

  it('gives the globe once attached (waiting for it), and waits again after the globe closes', async () => {
    const page = pageGlobeLayer('test:layer', () => undefined);
    const first = contextWith();
    const early = page.globe();
    const detach = page.layer.attach(first.context);
    expect(await early).toBe(first.globe);
    expect(await page.globe()).toBe(first.globe);
    detach();
    const second = contextWith();
    const waiting = page.globe();
    page.layer.attach(second.context);
    expect(await waiting).toBe(second.globe);
  });

  it('gives nothing for a globe already destroyed', async () => {
    const page = pageGlobeLayer('test:layer', () => undefined);
    page.layer.attach(contextWith(true).context);
    expect(await page.globe()).toBeUndefined();
  });
});
