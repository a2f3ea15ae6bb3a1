import type { Viewer } from 'cesium';
import type { Cesium } from './loadCesium';
import { createContributionPoint, createToken } from '../di/Token';
import { errorMessage } from '../../contracts/errorMessage';

/** A drawn effect: advanced every frame while it animates (once, then held, under reduced motion), updated and removed by id. */
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
  /** Reports something the effect did (a drag ended, a cone reached a stage) to whoever listens on the hub. */
  emit(type: string, detail: Record<string, unknown>): void;
  /** The effect changed its own options (a dragged position): kept, so a redraw shows it as it is now. */
  remember(options: Record<string, unknown>): void;
  /**
   * URLs of the files the effect's plugin.json lists in `contributes.assets` (file name → URL), set by
   * the core when it pairs the renderer with its manifest (core/map/effectRenderers.ts). Renderers made
   * with `effectRenderer` read them through `assetUrl(file)`, which refuses a file not declared.
   */
  assets?: Readonly<Record<string, string>>;
}

/** What an effect reported, e.g. `{ id: 'mark', type: 'moved', detail: { position } }`. */
export interface MapEffectEvent {
  id: string;
  type: string;
  detail: Record<string, unknown>;
}

/**
 * Effect animations step at this rate whatever the display's refresh rate, so the spec's "per frame"
 * constants (pulse step, flashing shrink, cone growth) look the same on every screen.
 */
export const EFFECT_FRAMES_PER_SECOND = 20;

/** Whether the system asks for reduced motion (prefers-reduced-motion): effects are then drawn still. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Counts the effect frames due at each animation callback. */
export function effectFrameClock(): (timeMs: number) => number {
  let last: number | undefined;
  const period = 1000 / EFFECT_FRAMES_PER_SECOND;
  return (time) => {
    if (last === undefined) {
      last = time;
      return 1;
    }
    // A hidden tab resumes where it was rather than replaying every missed frame.
    const due = Math.min(5, Math.floor((time - last) / period));
    if (due > 0) last += due * period;
    if (time - last > period) last = time;
    return due;
  };
}

/** What a map-effect plugin contributes: how its effect is drawn on the globe. */
export const MapEffectRenderer = createContributionPoint<MapEffectRenderer>('MapEffectRenderer', '地图效果插件贡献的绘制器');
export interface MapEffectRenderer {
  /** The `effect` name of the plugin's manifest, e.g. pulsingCircle. */
  effect: string;
  create(context: MapEffectContext): MapEffectInstance;
}

/** The one API through which pages and push handlers draw effects, by id. */
export const MapEffects = createToken<MapEffects>('MapEffects', '按编号添加、更新、删除地图效果');
export interface MapEffects {
  add(effect: string, id: string, options: Record<string, unknown>): void;
  update(id: string, options: Record<string, unknown>): void;
  remove(id: string): void;
  ids(): string[];
  /** The options an effect was added with, merged with its updates and what it reported (a dragged position). */
  optionsOf(id: string): Readonly<Record<string, unknown>> | undefined;
  onDidChange(listener: () => void): () => void;
  onEvent(listener: (event: MapEffectEvent) => void): () => void;
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
  private readonly eventListeners = new Set<(event: MapEffectEvent) => void>();
  private drawer: EffectDrawer | undefined;
  private frame: number | undefined;

  /** Adds or replaces an effect; with a globe showing, bad options throw here and nothing changes. */
  add(effect: string, id: string, options: Record<string, unknown>): void {
    if (!id) throw new Error('地图效果必须有编号');
    const previous = this.specs.get(id);
    this.remove(id);
    this.specs.set(id, { effect, options });
    try {
      this.draw(id);
    } catch (error) {
      this.specs.delete(id);
      if (previous) {
        this.specs.set(id, previous);
        this.draw(id);
      }
      this.changed();
      throw error;
    }
    this.changed();
  }

  update(id: string, options: Record<string, unknown>): void {
    const spec = this.specs.get(id);
    if (!spec) throw new Error(`没有这个地图效果：${id}`);
    this.drawn.get(id)?.update(options);
    spec.options = { ...spec.options, ...options };
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

  optionsOf(id: string): Readonly<Record<string, unknown>> | undefined {
    return this.specs.get(id)?.options;
  }

  onEvent(listener: (event: MapEffectEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  attach(drawer: EffectDrawer): void {
    this.drawer = drawer;
    for (const id of [...this.specs.keys()]) {
      try {
        this.draw(id);
      } catch (error) {
        // Kept effects were checked when the globe was away; one bad one must not stop the others.
        console.error(`地图效果“${id}”无法绘制：${errorMessage(error)}`);
        this.specs.delete(id);
        this.changed();
      }
    }
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
    const emit = (type: string, detail: Record<string, unknown>) => {
      for (const listener of this.eventListeners) listener({ id, type, detail });
    };
    const remember = (options: Record<string, unknown>) => {
      spec.options = { ...spec.options, ...options };
    };
    this.drawn.set(
      id,
      renderer.create({ Cesium: this.drawer.Cesium, viewer: this.drawer.viewer, id, options: spec.options, emit, remember }),
    );
    this.animate();
  }

  private animate(): void {
    if (this.frame !== undefined || !this.drawer) return;
    const step = (time: number) => {
      this.frame = undefined;
      let moving = false;
      for (const instance of this.drawn.values()) moving = instance.tick(time) || moving;
      this.drawer?.viewer.scene.requestRender();
      // An operator who asked the system for less motion gets each effect's first frame, held still
      // (on a CPU-drawn globe that is also a core's worth of frames a second saved).
      if (moving && !prefersReducedMotion()) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
