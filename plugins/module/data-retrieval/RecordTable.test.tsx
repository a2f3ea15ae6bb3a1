import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dictionary } from '@ops/sdk';
import type { RecognitionRecord } from '@ops/contracts';
import type { RecognitionDictionaries } from './recognitionSearch';
import { RecordTable } from './RecordTable';

const none: Dictionary = { status: 'ready', entries: [], options: [], label: (value) => value ?? '', intent: () => 'none' };
const dictionaries: RecognitionDictionaries = {
  kind: none,
  ageBand: none,
  gender: none,
  faceAttribute: none,
  plateColor: none,
  vehicleType: none,
  vehicleColor: none,
  powerType: none,
  nonMotorType: none,
  targetType: none,
};

const table = (total: number, totalCapped?: boolean) => (
  <RecordTable
    page={{ rows: [] as RecognitionRecord[], total, ...(totalCapped === undefined ? {} : { totalCapped }) }}
    status="ready"
    pageNum={1}
    pageSize={20}
    onPage={() => undefined}
    onOpen={() => undefined}
    dictionaries={dictionaries}
  />
);

describe('识别记录 · 总数', () => {
  it('shows a count the server stopped at (a short plate fragment) as 10,000+ 条 with why, an exact one as it is', () => {
    const { rerender } = render(table(10_000, true));
    const capped = screen.getByText('共 10,000+ 条');
    expect(capped.getAttribute('title')).toContain('输入三个及以上字符可精确统计');
    expect(screen.getByText('第 1 / 500 页')).toBeTruthy();
    rerender(table(10_000, false));
    expect(screen.getByText('共 10,000 条').getAttribute('title')).toBeNull();
    rerender(table(37));
    expect(screen.getByText('共 37 条')).toBeTruthy();
  });
});
