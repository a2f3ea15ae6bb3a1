import { describe, expect, it } from 'vitest';
import type { Dictionary } from '@ops/sdk';
import type { RecognitionRecord } from '@ops/contracts';
import { draftQuery, focusedDraft, initialDraft, queryString, recordSummary, type RecognitionDictionaries } from './recognitionSearch';

const now = Date.UTC(2026, 10, 22, 8, 30, 0); // 16:30 in Shanghai
const DAY = 86_400_000;

describe('a link focused on one record', () => {
  it("searches the record's camera at its instant, and ignores links that name no record", () => {
    const focus = focusedDraft(new URLSearchParams(`recordId=42&at=${now}&deviceId=7`));
    expect(focus).toEqual({ recordId: 42, draft: { begin: now, end: now, deviceId: 7, attributes: {}, plate: '' } });
    expect(draftQuery(focus!.draft)).toEqual({ query: { beginTime: now, endTime: now, deviceIds: '7' } });
    expect(focusedDraft(new URLSearchParams(`recordId=42&at=${now}`))?.draft.deviceId).toBeUndefined();
    expect(focusedDraft(new URLSearchParams('recordId=abc&at=1'))).toBeUndefined();
    expect(focusedDraft(new URLSearchParams(`at=${now}`))).toBeUndefined();
    expect(focusedDraft(new URLSearchParams(''))).toBeUndefined();
  });
});

describe('the search form', () => {
  it('starts on the 7 Shanghai days up to today', () => {
    const draft = initialDraft(now);
    expect(draft.begin).toBe(Date.UTC(2026, 10, 15, 16, 0, 0));
    expect(draft.end).toBe(Date.UTC(2026, 10, 22, 16, 0, 0) - 1);
  });

  it('sends the chosen kind’s attributes only, and the plate normalised for vehicles', () => {
    const draft = {
      ...initialDraft(now),
      kind: 'vehicle' as const,
      attributes: { plateColor: 'GREEN', ageBand: 'YOUTH' },
      plate: ' 浙a·123 ',
    };
    const checked = draftQuery(draft);
    expect('query' in checked && checked.query).toEqual({
      beginTime: draft.begin,
      endTime: draft.end,
      kind: 'vehicle',
      plateColor: 'GREEN',
      plate: '浙A123',
    });
    const faces = draftQuery({ ...draft, kind: 'face', attributes: { ageBand: 'YOUTH' } });
    expect('query' in faces && faces.query).toEqual({ beginTime: draft.begin, endTime: draft.end, kind: 'face', ageBand: 'YOUTH' });
    expect(queryString({ beginTime: 1, endTime: 2, plate: '浙A' })).toBe('beginTime=1&endTime=2&plate=%E6%B5%99A');
  });

  it('names what is wrong before anything is asked', () => {
    const draft = initialDraft(now);
    expect(draftQuery({ ...draft, begin: undefined })).toEqual({ problem: '请选择开始和结束日期' });
    expect(draftQuery({ ...draft, begin: draft.end! + 1 })).toEqual({ problem: '结束日期不能早于开始日期' });
    expect(draftQuery({ ...draft, begin: draft.end! - 40 * DAY })).toEqual({ problem: '时间范围不能超过 31 天' });
    expect(draftQuery({ ...draft, plate: '浙A%1' })).toEqual({ problem: '车牌只能包含汉字、字母和数字' });
  });

  it('says what a record recognised in the dictionaries’ words', () => {
    const dictionary = (labels: Record<string, string>): Dictionary => ({
      status: 'ready',
      entries: [],
      options: [],
      label: (value) => (value ? (labels[value] ?? value) : ''),
      intent: () => 'none',
    });
    const none = dictionary({});
    const dictionaries: RecognitionDictionaries = {
      kind: none,
      ageBand: none,
      gender: none,
      faceAttribute: none,
      plateColor: dictionary({ BLUE: '蓝牌' }),
      vehicleType: dictionary({ CAR: '轿车' }),
      vehicleColor: dictionary({ WHITE: '白色' }),
      powerType: dictionary({ RYC: '燃油' }),
      nonMotorType: none,
      targetType: none,
    };
    const record = {
      kind: 'vehicle',
      plate: '浙A12345',
      plateColor: 'BLUE',
      vehicleType: 'CAR',
      vehicleColor: 'WHITE',
      powerType: 'RYC',
      faceAttributes: [],
    };
    expect(recordSummary(record as unknown as RecognitionRecord, dictionaries)).toBe('浙A·12345 蓝牌 白色 轿车 燃油');
  });
});
