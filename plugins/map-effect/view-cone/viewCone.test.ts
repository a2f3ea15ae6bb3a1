import { describe, expect, it, vi } from 'vitest';
import { advanceCone, CONE_DEFAULTS, createViewCone, SWEEP_MAX, SWEEP_MIN, type ViewConeState } from './viewCone';

function run(state: ViewConeState, ticks: number, onStage = vi.fn()) {
  const history: ViewConeState[] = [];
  for (let tick = 0; tick < ticks; tick++) history.push((state = advanceCone(state, onStage)));
  return { state, history, onStage };
}

describe('camera view cone', () => {
  it('starts from the spec defaults', () => {
    expect(createViewCone(1)).toMatchObject({ heading: 0.8, alpha: 0.2 });
    expect(CONE_DEFAULTS.pitch).toBe(20.65);
  });

  it('mode 1: sweeps between -0.1 and 0.9, grows far by 30 to 900, fires stage 1 then stage 2', () => {
    const { history, onStage, state } = run(createViewCone(1), 200);
    expect(history[0]!.far).toBe(30);
    expect(Math.max(...history.map((entry) => entry.far))).toBe(900);
    expect(Math.max(...history.map((entry) => entry.heading))).toBe(SWEEP_MAX);
    expect(Math.min(...history.map((entry) => entry.heading))).toBe(SWEEP_MIN);
    expect(onStage.mock.calls).toEqual([[1], [2]]);
    expect(state.done).toBe(true);
  });

  it('mode 2: grows far by 50 to 600, then fires stage 2 once', () => {
    const { history, onStage } = run(createViewCone(2), 20);
    expect(history.slice(0, 3).map((entry) => entry.far)).toEqual([50, 100, 150]);
    expect(history[11]!.far).toBe(600);
    expect(onStage.mock.calls).toEqual([[2]]);
  });

  it('mode 3: fades alpha from 0.2 by 0.005 per tick', () => {
    const { history, state } = run(createViewCone(3), 60);
    expect(history[0]!.alpha).toBe(0.195);
    expect(history[39]!.alpha).toBe(0);
    expect(state.done).toBe(true);
  });
});
