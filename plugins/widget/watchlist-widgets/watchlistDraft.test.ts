import { describe, expect, it } from 'vitest';
import { draftBody, emptyDraft, photoProblem, platesOf } from './watchlistDraft';

const now = Date.UTC(2026, 10, 22, 8, 30, 0);

describe('the watchlist form', () => {
  it('sends a vehicle deployment with its plates, window, interval and chosen grade, and says the first problem otherwise', () => {
    const draft = {
      ...emptyDraft('vehicle'),
      name: ' 嫌疑车辆 ',
      deviceIds: [3, 4],
      plates: '浙a12345\n浙B*，粤B1234?',
      grade: 'ALARM_GRADE_HIGH',
    };
    expect(draftBody('vehicle', draft, now)).toEqual({
      body: {
        kind: 'vehicle',
        name: '嫌疑车辆',
        eventType: 'CAR_DEFENSE',
        grade: 'ALARM_GRADE_HIGH',
        deviceIds: [3, 4],
        validFrom: now,
        validUntil: now + 7 * 86_400_000,
        intervalMinutes: 10,
        plates: ['浙a12345', '浙B*', '粤B1234?'],
      },
    });
    expect(draftBody('vehicle', { ...draft, name: '  ' }, now)).toEqual({ problem: '请填写布防名称' });
    expect(draftBody('vehicle', { ...draft, deviceIds: [] }, now)).toEqual({ problem: '请至少选择一台摄像机或一个区域' });
    // Areas alone, or beside cameras.
    expect(draftBody('vehicle', { ...draft, deviceIds: [], areas: ['江南大道'] }, now)).toMatchObject({
      body: { deviceIds: [], areas: ['江南大道'] },
    });
    expect(draftBody('vehicle', { ...draft, areas: ['滨盛路'] }, now)).toMatchObject({ body: { deviceIds: [3, 4], areas: ['滨盛路'] } });
    expect(draftBody('vehicle', { ...draft, interval: '0' }, now)).toEqual({ problem: '告警间隔必须是 1 到 1440 之间的整数' });
    expect(draftBody('vehicle', { ...draft, plates: ' \n ' }, now)).toEqual({ problem: '请填写至少一个车牌或车牌规则' });
    expect(draftBody('vehicle', { ...draft, plates: '浙A12345\n*' }, now)).toEqual({
      problem: '「*」至少要有两个确定的字符，否则会匹配所有车牌',
    });
    expect(platesOf('浙A1、浙A2;浙A3')).toEqual(['浙A1', '浙A2', '浙A3']);
  });

  it('sends a face deployment with its people (name and uploaded photo) and refuses photos that are not JPEG or PNG or too big', () => {
    const draft = { ...emptyDraft('face'), name: '黑名单', deviceIds: [3] };
    expect(draftBody('face', draft, now)).toEqual({ problem: '请添加至少一名人员' });
    const body = draftBody('face', { ...draft, people: [{ name: '张三', photoId: 9, fileName: 'a.jpg' }] }, now);
    expect(body).toMatchObject({ body: { kind: 'face', eventType: 'BLACK_FACE_DEFENSE', people: [{ name: '张三', photoId: 9 }] } });
    expect(photoProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('人员照片必须是 JPEG 或 PNG 图片');
    expect(photoProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('人员照片不能超过 2 MB');
    expect(photoProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined();
  });
});
