import { reportPosition, type MapPosition } from '@ops/sdk';
import manifest from './plugin.json';

/** Spec section 9, as plugin.json declares it: default pulse step and maximum radius 1000; push-alarm ellipses extruded 22. */
const { maxRadius, step, color, dragColor, pushAlarmExtrudedHeight, look } = manifest.contributes.defaults;
export const PULSE_DEFAULTS = { maxRadius, step, color, dragColor, pushAlarmExtrudedHeight } as const;
/** How the circle stays readable between pulses: its zone's fill and rim opacity, and the centre dot's size in pixels. */
export const PULSE_LOOK = look;

export interface PulsingCircleState {
  id: string;
  position: MapPosition;
  radius: number;
  maxRadius: number;
  step: number;
  type: 'pushAlarm' | 'normal';
  color: string;
  dragging: boolean;
  /** Map rotation is off while a circle is dragged. */
  mapRotationEnabled: boolean;
}

export function createPulsingCircle(
  id: string,
  position: MapPosition,
  options: Partial<Pick<PulsingCircleState, 'maxRadius' | 'step' | 'type' | 'color'>> = {},
): PulsingCircleState {
  const maxRadius = options.maxRadius ?? PULSE_DEFAULTS.maxRadius;
  const step = options.step ?? PULSE_DEFAULTS.step;
  if (!(maxRadius > 1) || !(step > 0)) throw new Error('脉冲圆的最大半径必须大于 1，步长必须大于 0');
  return {
    id,
    position,
    radius: 1,
    maxRadius,
    step,
    type: options.type ?? 'normal',
    color: options.color ?? PULSE_DEFAULTS.color,
    dragging: false,
    mapRotationEnabled: true,
  };
}

/**
 * One frame: the radius grows by the step, and once it has gone past the maximum it starts again
 * at 1. The circle is drawn at the radius that went past, so the spec's defaults (step = maximum =
 * 1000) still show a circle, alternating 1 and 1001, instead of staying at 1 for ever.
 */
export function advancePulse(state: PulsingCircleState): PulsingCircleState {
  return { ...state, radius: state.radius > state.maxRadius ? 1 : state.radius + state.step };
}

/** The largest radius a circle is ever drawn at. */
export const outerRadiusOf = (state: PulsingCircleState) => state.maxRadius + state.step;

export function startDrag(state: PulsingCircleState): PulsingCircleState {
  return { ...state, dragging: true, color: PULSE_DEFAULTS.dragColor, mapRotationEnabled: false };
}

/** Release: red again, rotation back on, and the new position as the spec reports it. */
export function endDrag(state: PulsingCircleState, dropped: MapPosition): { state: PulsingCircleState; reported: MapPosition } {
  const reported = reportPosition(dropped);
  return { state: { ...state, dragging: false, color: PULSE_DEFAULTS.color, mapRotationEnabled: true, position: reported }, reported };
}

/** A push-alarm circle is drawn as an extruded ellipse; a normal one flat. */
export const extrudedHeightOf = (state: PulsingCircleState) => (state.type === 'pushAlarm' ? PULSE_DEFAULTS.pushAlarmExtrudedHeight : 0);
