import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { createViewer, flyToView, type LookAt } from './createViewer';
import { showDistricts, type DistrictLayer } from './DistrictLayer';
import { loadCesium } from './loadCesium';
import { MapEffectHub, type MapEffectEvent, type MapEffectRenderer } from './MapEffects';
import { mapStrings as t } from './mapStrings';
import { errorMessage } from '../../contracts/errorMessage';

export interface EffectStageProps {
  renderer: MapEffectRenderer;
  /** The effect's options, exactly as a page or push handler would pass them. */
  options: Record<string, unknown>;
  /** What the camera looks at (the effect's place) and from which heading and pitch; `height` is the distance to it unless `span` is given. */
  view: LookAt;
  /**
   * How wide the effect is on the ground, in metres (a circle's diameter, a line's length): the
   * camera stands back so that it fills about a third of the stage's width.
   */
  span?: number;
  is3d?: boolean;
  width?: number;
  height?: number;
}

/** Cesium's default field of view across the wider side of the canvas (60°). */
const FIELD_OF_VIEW = Math.PI / 3;

/** The distance at which something `span` metres wide fills `share` of the stage's width. */
export function frameDistance(span: number, share = 1 / 3): number {
  return span / (share * 2 * Math.tan(FIELD_OF_VIEW / 2));
}

/**
 * One effect on a real offline globe, through the same hub the app uses: for stories and for
 * looking at an effect with different options. Bad options show their error instead of the effect.
 */
export function EffectStage({ renderer, options, view, span, is3d = true, width = 720, height = 420 }: EffectStageProps) {
  const container = useRef<HTMLDivElement>(null);
  const [hub] = useState(() => new MapEffectHub());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [events, setEvents] = useState<MapEffectEvent[]>([]);
  const viewKey = JSON.stringify({ view: span ? { ...view, height: frameDistance(span) } : view, is3d });

  useEffect(() => {
    let cancelled = false;
    let destroy = () => undefined as void;
    loadCesium().then(
      (Cesium) => {
        if (cancelled || !container.current) return;
        const { view: look, is3d: inThreeD } = JSON.parse(viewKey) as { view: LookAt; is3d: boolean };
        const viewer = createViewer(Cesium, container.current, { is3d: inThreeD, credits: document.createElement('div') });
        flyToView(Cesium, viewer, { pitch: -60, ...look }, 0);
        hub.attach({ Cesium, viewer, renderers: new Map([[renderer.effect, renderer]]) });
        // The city's districts around the effect, as on the app's globe.
        let districts: DistrictLayer | undefined;
        showDistricts(Cesium, viewer, look).then(
          (layer) => (cancelled ? layer?.destroy() : (districts = layer)),
          () => undefined,
        );
        destroy = () => {
          hub.detach();
          districts?.destroy();
          viewer.destroy();
        };
        setReady(true);
      },
      (error: unknown) => !cancelled && setFailed(errorMessage(error)),
    );
    return () => {
      cancelled = true;
      destroy();
      setReady(false);
    };
  }, [hub, renderer, viewKey]);

  useEffect(() => hub.onEvent((event) => setEvents((previous) => [...previous.slice(-4), event])), [hub]);

  const optionsKey = JSON.stringify(options, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));
  useEffect(() => {
    if (!ready) return;
    try {
      hub.add(renderer.effect, 'story', options);
      setFailed(null);
    } catch (error) {
      setFailed(errorMessage(error));
    }
    // options is compared by its JSON so a re-render with equal controls does not restart the effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, optionsKey, hub, renderer]);

  return (
    <div style={{ width }}>
      <div
        ref={container}
        role="region"
        aria-label={is3d ? t.globe : t.map2d}
        style={{ position: 'relative', width, height, background: '#05080d' }}
      >
        {!ready && !failed ? <Spinner aria-label={t.loading} style={{ position: 'absolute', top: '45%', left: '48%' }} /> : null}
      </div>
      {failed ? (
        <Callout intent="danger" role="alert">
          {failed}
        </Callout>
      ) : null}
      {events.length ? (
        <ol aria-label={t.effectEvents} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {events.map((event, index) => (
            <li key={index}>
              {event.type} {JSON.stringify(event.detail)}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
