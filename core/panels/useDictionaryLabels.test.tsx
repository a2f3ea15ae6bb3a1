import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CategoryData } from '../../contracts/panels';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { Api, type ApiCaller } from '../http/ApiCaller';
import { useDictionaryLabels } from './useDictionaryLabels';

const POWER_TYPES = [
  { dictValue: 'RYC', dictLabel: '燃油' },
  { dictValue: 'XNYS', dictLabel: '纯电动' },
];

function setup(data: CategoryData, options: Record<string, unknown> | undefined, fail = false) {
  const call = vi.fn(async (_route: unknown, request: { params: { type: string } }) => {
    if (fail) throw new Error('网络错误');
    return { code: 200, data: request.params.type === 'vehicle_power_type' ? POWER_TYPES : [] };
  });
  const api = { call } as unknown as ApiCaller;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ContainerProvider container={new ServiceMap().set(Api, api)}>{children}</ContainerProvider>
  );
  return { ...renderHook(() => useDictionaryLabels(data, options), { wrapper }), call };
}

const byPowerType: CategoryData = {
  items: [
    { key: 'XNYS', name: 'XNYS', value: 3 },
    { key: 'RYC', name: 'RYC', value: 9 },
  ],
};

describe('useDictionaryLabels', () => {
  it('is not ready until the named dictionaries arrive, then labels the codes', async () => {
    const { result, call } = setup(byPowerType, { dictionaries: ['vehicle_power_type'] });
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.data.items.map((item) => item.name)).toEqual(['纯电动', '燃油']);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('hands data through untouched without dictionaries, and keeps the codes when a dictionary fails', async () => {
    const plain = setup(byPowerType, { unit: '辆' });
    expect(plain.result.current).toEqual({ data: byPowerType, ready: true });
    expect(plain.call).not.toHaveBeenCalled();
    const failing = setup(byPowerType, { dictionaries: ['plate_color_failing'] }, true);
    await waitFor(() => expect(failing.result.current.ready).toBe(true));
    expect(failing.result.current.data.items.map((item) => item.name)).toEqual(['XNYS', 'RYC']);
  });
});
