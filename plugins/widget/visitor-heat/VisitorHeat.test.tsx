import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MapEffects } from '@ops/sdk';
import { ContainerProvider, ServiceMap } from '@ops/sdk/testing';
import VisitorHeat, { type VisitorHeatData } from './VisitorHeat';

function fakeEffects() {
  const shown = new Map<string, { effect: string; options: Record<string, unknown> }>();
  let adds = 0;
  const api: MapEffects = {
    add: (effect, id, options) => {
      if (options.radius === -1) throw new Error('热力半径必须大于 0');
      adds++;
      shown.set(id, { effect, options });
    },
    update: () => undefined,
    remove: (id) => void shown.delete(id),
    ids: () => [...shown.keys()],
    optionsOf: (id) => shown.get(id)?.options,
    onDidChange: () => () => undefined,
    onEvent: () => () => undefined,
  };
  return { shown, adds: () => adds, services: new ServiceMap().set(MapEffects, api) };
}

const answer = (): VisitorHeatData => ({
  unit: '人',
  columns: [],
  total: 2,
  rows: [
    { key: '7', name: '断桥视频监控-007', longitude: 120.155, latitude: 30.259, value: 41.5, samples: 120 },
    { key: '3', name: '白堤视频监控-003', longitude: 120.151, latitude: 30.255, value: 12, samples: 96 },
  ],
});

describe('游客热力', () => {
  it('draws the answer as one heat layer, again only when the points change, and takes it away with the switch and the panel', () => {
    const effects = fakeEffects();
    const view = (data: VisitorHeatData, options: Record<string, unknown> = { effectId: 'tourist-heat', radius: 350 }) => (
      <ContainerProvider container={effects.services}>
        <VisitorHeat status="ready" data={data} options={options} />
      </ContainerProvider>
    );
    const { rerender, unmount } = render(view(answer()));
    expect(effects.shown.get('tourist-heat')).toEqual({
      effect: 'heatLayer',
      options: {
        radius: 350,
        points: [
          { longitude: 120.155, latitude: 30.259, value: 41.5 },
          { longitude: 120.151, latitude: 30.255, value: 12 },
        ],
      },
    });
    expect(screen.getByRole('list', { name: '人最多的位置' }).textContent).toContain('断桥视频监控-007平均 41.5 人');
    // A refresh with the same answer draws nothing new; a changed one draws again.
    rerender(view(answer()));
    expect(effects.adds()).toBe(1);
    const busier = answer();
    busier.rows[1]!.value = 20;
    rerender(view(busier));
    expect(effects.adds()).toBe(2);

    fireEvent.click(screen.getByLabelText('在地图上显示热力'));
    expect(effects.shown.size).toBe(0);
    fireEvent.click(screen.getByLabelText('在地图上显示热力'));
    expect(effects.shown.has('tourist-heat')).toBe(true);
    unmount();
    expect(effects.shown.size).toBe(0);
  });

  it('draws nothing for an empty answer, and says why when the globe refuses the layer', () => {
    const effects = fakeEffects();
    const { rerender } = render(
      <ContainerProvider container={effects.services}>
        <VisitorHeat status="ready" data={{ unit: '人', columns: [], rows: [], total: 0 }} />
      </ContainerProvider>,
    );
    expect(effects.shown.size).toBe(0);
    expect(screen.getByText('所选时间内没有客流计数')).toBeTruthy();
    rerender(
      <ContainerProvider container={effects.services}>
        <VisitorHeat status="ready" data={answer()} options={{ radius: -1 }} />
      </ContainerProvider>,
    );
    expect(effects.shown.size).toBe(0);
    expect(screen.getByRole('alert').textContent).toBe('热力图无法绘制：热力半径必须大于 0');
  });
});
