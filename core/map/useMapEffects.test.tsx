import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { MapEffects } from './MapEffects';
import { diffEffects, effectKey, useMapEffects, type EffectSpec } from './useMapEffects';

const spec = (id: string, radius = 100): EffectSpec => ({ id, effect: 'scanCircle', options: { position: '120,30', radius } });

describe('diffEffects', () => {
  it('adds what is new or changed and removes what is gone', () => {
    const drawn = new Map([
      ['a', effectKey(spec('a'))],
      ['b', effectKey(spec('b'))],
    ]);
    const { add, remove } = diffEffects(drawn, [spec('a'), spec('b', 200), spec('c')]);
    expect(add.map((item) => item.id)).toEqual(['b', 'c']);
    expect(remove).toEqual([]);
    expect(diffEffects(drawn, [spec('a')]).remove).toEqual(['b']);
  });
});

describe('useMapEffects', () => {
  function fakeEffects() {
    const shown = new Map<string, Record<string, unknown>>();
    const api = {
      add: (_effect: string, id: string, options: Record<string, unknown>) => {
        if (options.radius === -1) throw new Error('扫描圆半径必须大于 0');
        shown.set(id, options);
      },
      update: () => undefined,
      remove: (id: string) => void shown.delete(id),
      ids: () => [...shown.keys()],
      optionsOf: (id: string) => shown.get(id),
      onDidChange: () => () => undefined,
      onEvent: () => () => undefined,
    };
    return { shown, services: new ServiceMap().set(MapEffects, api) };
  }
  function Page({ specs }: { specs: EffectSpec[] }) {
    return <span data-testid="drawn">{useMapEffects(specs).join(' ')}</span>;
  }

  it("keeps the globe equal to the page's effects, skips a bad one, and clears them all when the page closes", () => {
    const { shown, services } = fakeEffects();
    const view = render(
      <ContainerProvider container={services}>
        <Page specs={[spec('a'), spec('bad', -1)]} />
      </ContainerProvider>,
    );
    expect([...shown.keys()]).toEqual(['a']);
    expect(view.getByTestId('drawn').textContent).toBe('a');
    view.rerender(
      <ContainerProvider container={services}>
        <Page specs={[spec('b')]} />
      </ContainerProvider>,
    );
    expect([...shown.keys()]).toEqual(['b']);
    view.unmount();
    expect(shown.size).toBe(0);
  });
});
