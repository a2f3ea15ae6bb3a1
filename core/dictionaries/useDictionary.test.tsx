import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DictDataRow } from '../../contracts/api/platformRoutes';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { Api, type ApiCaller } from '../http/ApiCaller';
import { dictionaryOf, useDictionary } from './useDictionary';

const entry = (dictValue: string, dictLabel: string, listClass = ''): DictDataRow => ({
  dictCode: 1,
  dictSort: 1,
  dictLabel,
  dictValue,
  dictType: 'plate_color',
  cssClass: '',
  listClass,
  isDefault: 'N',
});

function Labels({ type, values }: { type: string; values: string[] }) {
  const dictionary = useDictionary(type);
  return (
    <p data-testid={type}>
      {dictionary.status}:{values.map((value) => dictionary.label(value)).join('|')}:{dictionary.options.length}
    </p>
  );
}

function apiAnswering(answer: (type: string) => Promise<DictDataRow[]>) {
  const call = vi.fn((_route: unknown, input: { params: { type: string } }) =>
    answer(input.params.type).then((data) => ({ code: 200, msg: '', data })),
  );
  // The fake answers only the dictionary route, which is all the hook calls.
  const api = { call } as unknown as ApiCaller;
  return { api, call };
}

describe('useDictionary', () => {
  it('asks the server once per type however many screens read it, and gives labels and options', async () => {
    const { api, call } = apiAnswering(async () => [entry('BLUE', '蓝牌', 'primary'), entry('GREEN', '绿牌', 'success')]);
    const services = new ServiceMap().set(Api, api);
    render(
      <ContainerProvider container={services}>
        <Labels type="plate_color" values={['BLUE', 'GREEN']} />
        <Labels type="plate_color" values={['GREEN', 'PINK']} />
      </ContainerProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('plate_color').map((node) => node.textContent)).toEqual(['ready:蓝牌|绿牌:2', 'ready:绿牌|PINK:2']),
    );
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('reports a failure and asks again the next time', async () => {
    let fail = true;
    const { api, call } = apiAnswering(async () => {
      if (fail) throw new Error('网络错误');
      return [entry('0', '男')];
    });
    const services = new ServiceMap().set(Api, api);
    const view = render(
      <ContainerProvider container={services}>
        <Labels type="sys_user_sex" values={['0']} />
      </ContainerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('sys_user_sex').textContent).toBe('error:0:0'));
    fail = false;
    view.unmount();
    render(
      <ContainerProvider container={services}>
        <Labels type="sys_user_sex" values={['0']} />
      </ContainerProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('sys_user_sex').textContent).toBe('ready:男:1'));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('takes intents from the list class', () => {
    const dictionary = dictionaryOf([entry('HIGH', '高', 'danger'), entry('LOW', '低', 'info')]);
    expect([dictionary.intent('HIGH'), dictionary.intent('LOW'), dictionary.intent(null)]).toEqual(['danger', 'none', 'none']);
    expect(dictionary.label(undefined)).toBe('');
  });
});
