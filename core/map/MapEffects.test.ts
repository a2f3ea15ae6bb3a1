import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from 'cesium';
import type { Cesium } from './loadCesium';
import { MapEffectHub, type MapEffectRenderer } from './MapEffects';

function fakeDrawer() {
  const created: string[] = [];
  const removed: string[] = [];
  const renderer: MapEffectRenderer = {
    effect: 'pulsingCircle',
    create: ({ id }) => {
      created.push(id);
      return { tick: () => false, update: vi.fn(), remove: () => void removed.push(id) };
    },
  };
  const requestRender = vi.fn();
  return { drawer: { Cesium: {} as Cesium, viewer: { scene: { requestRender } } as unknown as Viewer, renderers: new Map([['pulsingCircle', renderer]]) }, created, removed, requestRender };
}

describe('MapEffectHub', () => {
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 0) as unknown as number);
    vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps effects by id before a globe exists and draws them when it attaches', () => {
    const hub = new MapEffectHub();
    hub.add('pulsingCircle', 'a', { position: '120,30' });
    const { drawer, created } = fakeDrawer();
    hub.attach(drawer);
    expect(created).toEqual(['a']);
    expect(hub.ids()).toEqual(['a']);
  });

  it('replaces an effect added again under the same id, and removes by id', () => {
    const hub = new MapEffectHub();
    const { drawer, created, removed } = fakeDrawer();
    hub.attach(drawer);
    const changes = vi.fn();
    hub.onDidChange(changes);
    hub.add('pulsingCircle', 'a', {});
    hub.add('pulsingCircle', 'a', {});
    expect(created).toEqual(['a', 'a']);
    expect(removed).toEqual(['a']);
    hub.remove('a');
    expect(hub.ids()).toEqual([]);
    expect(changes).toHaveBeenCalledTimes(4);
  });

  it('warns about an effect no plugin draws, and refuses to update an unknown id', () => {
    const hub = new MapEffectHub();
    hub.attach(fakeDrawer().drawer);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    hub.add('noSuchEffect', 'x', {});
    expect(warn).toHaveBeenCalledWith('没有绘制“noSuchEffect”的地图效果插件');
    warn.mockRestore();
    expect(() => hub.update('missing', {})).toThrow('没有这个地图效果：missing');
  });
});
