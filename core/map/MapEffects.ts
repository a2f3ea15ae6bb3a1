import type { Viewer } from 'cesium';
import type { Cesium } from './loadCesium';

/** A drawn effect: advanced every frame while it animates, updated and removed by id. */
export interface MapEffectInstance {
  /** One animation frame; returns true while it still needs frames. */
  tick(timeMs: number): boolean;
  update(options: Record<string, unknown>): void;
  remove(): void;
}

export interface MapEffectContext {
  Cesium: Cesium;
  viewer: Viewer;
  id: string;
  options: Record<string, unknown>;
}

/** What a map-effect plugin contributes: how its effect is drawn on the globe. */
export const MapEffectRenderer = Symbol('MapEffectRenderer');
export interface MapEffectRenderer {
  /** The `effect` name of the plugin's manifest, e.g. pulsingCircle. */
  effect: string;
  create(context: MapEffectContext): MapEffectInstance;
}

/** The one API through which pages and push handlers draw effects, by id. */
export const MapEffects = Symbol('MapEffects');
export interface MapEffects {
  add(effect: string, id: string, options: Record<string, unknown>): void;
  update(id: string, options: Record<string, unknown>): void;
  remove(id: string): void;
  ids(): string[];
  onDidChange(listener: () => void): () => void;
}

interface EffectSpec {
  effect: string;
  options: Record<string, unknown>;
}

export interface EffectDrawer {
  Cesium: Cesium;
  viewer: Viewer;
  renderers: ReadonlyMap<string, MapEffectRenderer>;
}

/**
 * Keeps every effect by id whether or not a globe is showing; when the globe attaches it draws them
 * and animates them, asking for frames only while something moves (an idle globe renders nothing).
 */
export class MapEffectHub implements MapEffects {
  private readonly specs = new Map<string, EffectSpec>();
  private readonly drawn = new Map<string, MapEffectInstance>();
  private readonly listeners = new Set<() => void>();
  private drawer: EffectDrawer | undefined;
  private frame: number | undefined;

  add(effect: string, id: string, options: Record<string, unknown>): void {
    this.remove(id);
    this.specs.set(id, { effect, options });
    this.draw(id);
    this.changed();
  }

  update(id: string, options: Record<string, unknown>): void {
    const spec = this.specs.get(id);
    if (!spec) throw new Error(`没有这个地图效果：${id}`);
    spec.options = { ...spec.options, ...options };
    this.drawn.get(id)?.update(options);
    this.animate();
  }

  remove(id: string): void {
    this.drawn.get(id)?.remove();
    this.drawn.delete(id);
    if (this.specs.delete(id)) this.changed();
    this.drawer?.viewer.scene.requestRender();
  }

  ids(): string[] {
    return [...this.specs.keys()];
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  attach(drawer: EffectDrawer): void {
    this.drawer = drawer;
    for (const id of this.specs.keys()) this.draw(id);
  }

  detach(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    for (const instance of this.drawn.values()) instance.remove();
    this.drawn.clear();
    this.drawer = undefined;
  }

  private draw(id: string): void {
    const spec = this.specs.get(id);
    if (!spec || !this.drawer) return;
    const renderer = this.drawer.renderers.get(spec.effect);
    if (!renderer) {
      console.warn(`没有绘制“${spec.effect}”的地图效果插件`);
      return;
    }
    this.drawn.set(id, renderer.create({ Cesium: this.drawer.Cesium, viewer: this.drawer.viewer, id, options: spec.options }));
    this.animate();
  }

  private animate(): void {
    if (this.frame !== undefined || !this.drawer) return;
    const step = (time: number) => {
      this.frame = undefined;
      let moving = false;
      for (const instance of this.drawn.values()) moving = instance.tick(time) || moving;
      this.drawer?.viewer.scene.requestRender();
      if (moving) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
