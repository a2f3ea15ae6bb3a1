import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TableData } from '../../../contracts/panels';
import { formatCell, Table } from './Table';

const at = Date.UTC(2026, 10, 22, 8, 30, 5);
const data: TableData = {
  columns: [
    { key: 'id', title: '编号' },
    { key: 'name', title: '名称' },
    { key: 'time', title: '时间', format: 'dateTime' },
    { key: 'count', title: '次数', format: 'number' },
  ],
  rows: [
    { id: 'a', name: '断桥', time: at, count: 123_456 },
    { id: 'b', name: '苏堤', time: at + 1000, count: 7 },
    { id: 'c', name: '雷峰塔', time: null, count: 4_000 },
  ],
  total: 3,
};

const bodyRows = () => screen.getAllByRole('row').slice(1);
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Table', () => {
  it('formats cells by their column', () => {
    render(<Table status="ready" data={data} />);
    expect(cellTexts(bodyRows()[0]!)).toEqual(['a', '断桥', '2026-11-22 16:30:05', '12.35万']);
    expect(cellTexts(bodyRows()[2]!)).toEqual(['c', '雷峰塔', '—', '4,000']);
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(formatCell({ key: 'd', title: '时长', format: 'duration' }, 3_723_000)).toBe('1:02:03');
  });

  it('sorts by a header, ascending then descending then back', async () => {
    render(<Table status="ready" data={data} />);
    const sortCount = () => screen.getByRole('button', { name: /按「次数」排序/ });
    await userEvent.click(sortCount());
    expect(bodyRows().map((row) => cellTexts(row)[0])).toEqual(['b', 'c', 'a']);
    expect(screen.getByRole('columnheader', { name: /次数/ }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(sortCount());
    expect(bodyRows().map((row) => cellTexts(row)[0])).toEqual(['a', 'c', 'b']);
    await userEvent.click(sortCount());
    expect(bodyRows().map((row) => cellTexts(row)[0])).toEqual(['a', 'b', 'c']);
  });

  it('filters on the shown text and opens a row by its key', async () => {
    const onOpen = vi.fn();
    render(<Table status="ready" data={data} options={{ filterable: true }} onOpen={onOpen} />);
    await userEvent.type(screen.getByRole('textbox', { name: '筛选表格内容' }), '苏');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('筛选出 1 条')).toBeTruthy();
    await userEvent.click(bodyRows()[0]!);
    expect(onOpen).toHaveBeenCalledWith('b');
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(bodyRows()).toHaveLength(3);
  });

  it('pages through rows when a page size is set', async () => {
    render(<Table status="ready" data={{ ...data, total: 250 }} options={{ pageSize: 2 }} />);
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('第 1 / 2 页')).toBeTruthy();
    expect(screen.getByText('显示 3 条，共 250 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(bodyRows().map((row) => cellTexts(row)[0])).toEqual(['c']);
  });

  it('renders only the visible rows of a long list', () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => ({ id: String(index), name: `设备 ${index}`, time: at, count: index }));
    render(<Table status="ready" data={{ ...data, rows, total: rows.length }} />);
    expect(bodyRows().length).toBeLessThan(60);
  });

  it('is empty with no rows', () => {
    render(<Table status="ready" data={{ ...data, rows: [], total: 0 }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
