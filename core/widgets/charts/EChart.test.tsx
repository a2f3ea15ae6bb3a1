import { render, screen, waitFor } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EChart } from './EChart';
import { chartRendererReady } from './echartsCore';

const option = (values: number[]) => ({
  xAxis: { type: 'category', data: values.map((_, index) => `第${index + 1}项`) },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: values }],
});

class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeResizeObserver.instances = [];
});

async function mounted(element: HTMLElement) {
  await chartRendererReady;
  await waitFor(() => expect(getInstanceByDom(element)).toBeTruthy());
  return getInstanceByDom(element)!;
}

describe('EChart', () => {
  it('creates a chart on mount, replaces its option on change and disposes it on unmount', async () => {
    const { rerender, unmount } = render(<EChart option={option([1, 2])} label="柱状图" />);
    const element = screen.getByRole('img', { name: '柱状图' });
    const chart = await mounted(element);
    await waitFor(() => expect((chart.getOption() as { series?: { data: number[] }[] }).series?.[0]!.data).toEqual([1, 2]));
    rerender(<EChart option={option([5, 6, 7])} label="柱状图" />);
    await waitFor(() => expect((chart.getOption() as { series: { data: number[] }[] }).series[0]!.data).toEqual([5, 6, 7]));
    unmount();
    expect(chart.isDisposed()).toBe(true);
  });

  it('resizes with its container', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { unmount } = render(<EChart option={option([1])} label="图" />);
    const element = screen.getByRole('img');
    const chart = await mounted(element);
    const resize = vi.spyOn(chart, 'resize');
    const observer = FakeResizeObserver.instances[0]!;
    expect(observer.observed).toEqual([element]);
    observer.callback([], observer as unknown as ResizeObserver);
    await waitFor(() => expect(resize).toHaveBeenCalled());
    unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('reports clicks on items', async () => {
    const onItemClick = vi.fn();
    render(<EChart option={option([3])} label="图" onItemClick={onItemClick} />);
    const chart = await mounted(screen.getByRole('img'));
    (chart as unknown as { trigger(event: string, params: unknown): void }).trigger('click', {
      name: '第1项',
      seriesName: 's',
      dataIndex: 0,
      value: 3,
      data: 3,
    });
    expect(onItemClick).toHaveBeenCalledWith({ name: '第1项', seriesName: 's', dataIndex: 0, value: 3, data: 3 });
  });

  it('says so when ECharts cannot take the option', async () => {
    const { rerender } = render(<EChart option={option([1])} label="图" />);
    const chart = await mounted(screen.getByRole('img'));
    vi.spyOn(chart, 'setOption').mockImplementation(() => {
      throw new Error('数据格式不对');
    });
    rerender(<EChart option={option([2])} label="图" />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('图表无法绘制：数据格式不对'));
  });
});
