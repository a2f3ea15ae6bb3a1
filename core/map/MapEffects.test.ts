import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from 'cesium';
import type { Cesium } from './loadCesium';
import { effectFrameClock, MapEffectHub, type MapEffectContext, type MapEffectRenderer } from './MapEffects';

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
  return {
    drawer: {
      Cesium: {} as Cesium,
      viewer: { scene: { requestRender } } as unknown as Viewer,
      renderers: new Map([['pulsingCircle', renderer]]),
    },
    created,
    removed,
    requestRender,
  };
}

describe('MapEffectHub', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'requestAnimationFrame',
      (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 0) as unknown as number,
    );
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

  it('passes what an effect reports to listeners, and keeps the options an effect changed itself', () => {
    const hub = new MapEffectHub();
    let context: MapEffectContext | undefined;
    const renderer: MapEffectRenderer = {
      effect: 'pulsingCircle',
      create: (given) => ((context = given), { tick: () => false, update: () => undefined, remove: () => undefined }),
    };
    hub.attach({ ...fakeDrawer().drawer, renderers: new Map([['pulsingCircle', renderer]]) });
    const events = vi.fn();
    hub.onEvent(events);
    hub.add('pulsingCircle', 'mark', { position: '120,30', draggable: true });
    context!.remember({ position: { longitude: 121, latitude: 31, height: 0 } });
    context!.emit('moved', { position: { longitude: 121, latitude: 31, height: 0 } });
    expect(events).toHaveBeenCalledWith({ id: 'mark', type: 'moved', detail: { position: { longitude: 121, latitude: 31, height: 0 } } });
    expect(hub.optionsOf('mark')).toEqual({ position: { longitude: 121, latitude: 31, height: 0 }, draggable: true });
  });

  it('refuses bad options on add and keeps the effect that was there', () => {
    const hub = new MapEffectHub();
    const renderer: MapEffectRenderer = {
      effect: 'pulsingCircle',
      create: ({ options }) => {
        if (options.position === 'bad') throw new Error('位置格式不正确');
        return { tick: () => false, update: () => undefined, remove: () => undefined };
      },
    };
    hub.attach({ ...fakeDrawer().drawer, renderers: new Map([['pulsingCircle', renderer]]) });
    hub.add('pulsingCircle', 'a', { position: '120,30' });
    expect(() => hub.add('pulsingCircle', 'a', { position: 'bad' })).toThrow('位置格式不正确');
    expect(hub.optionsOf('a')).toEqual({ position: '120,30' });
    expect(() => hub.add('pulsingCircle', 'b', { position: 'bad' })).toThrow('位置格式不正确');
    expect(hub.ids()).toEqual(['a']);
  });

  it('drops an effect kept while the globe was away that cannot be drawn, and draws the rest', () => {
    const hub = new MapEffectHub();
    hub.add('pulsingCircle', 'good', {});
    hub.add('pulsingCircle', 'bad', { broken: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const created: string[] = [];
    const renderer: MapEffectRenderer = {
      effect: 'pulsingCircle',
      create: ({ id, options }) => {
        if (options.broken) throw new Error('颜色不正确');
        created.push(id);
        return { tick: () => false, update: () => undefined, remove: () => undefined };
      },
    };
    hub.attach({ ...fakeDrawer().drawer, renderers: new Map([['pulsingCircle', renderer]]) });
    expect(created).toEqual(['good']);
    expect(hub.ids()).toEqual(['good']);
    expect(error).toHaveBeenCalledWith('地图效果“bad”无法绘制：颜色不正确');
    error.mockRestore();
  });
});

describe('effectFrameClock', () => {
  it('counts 20 effect frames a second whatever the display rate, and does not replay a long pause', () => {
    const frames = effectFrameClock();
    expect(frames(0)).toBe(1);
    expect(frames(16)).toBe(0);
    expect(frames(50)).toBe(1);
    expect(frames(150)).toBe(2);
    expect(frames(60_000)).toBe(5);
    expect(frames(60_050)).toBe(1);
  });

  it('animates while an effect moves, and under prefers-reduced-motion draws its first frame and holds it', async () => {
    const run = async (reduce: boolean) => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }));
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 0));
      vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
      const ticks = vi.fn(() => true);
      const renderer: MapEffectRenderer = {
        effect: 'pulsingCircle',
        create: () => ({ tick: ticks, update: () => undefined, remove: () => undefined }),
      };
      const hub = new MapEffectHub();
      hub.attach({ ...fakeDrawer().drawer, renderers: new Map([['pulsingCircle', renderer]]) });
      hub.add('pulsingCircle', 'a', {});
      await new Promise((resolve) => setTimeout(resolve, 30));
      hub.detach();
      return ticks.mock.calls.length;
    };
    expect(await run(false)).toBeGreaterThan(2);
    expect(await run(true)).toBe(1);
    vi.unstubAllGlobals();
  });
});
