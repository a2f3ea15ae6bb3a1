import { describe, expect, it } from 'vitest';
import { checkPhotoFile, validateActionText, validateCreate } from './validateWorkOrder';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

describe('work-order validation (the server’s messages)', () => {
  it('needs a title of at most 100 characters, a description of at most 1000 and a due time after now', () => {
    expect(validateCreate({ title: '路灯不亮', description: '', dueAt: undefined }, NOW)).toEqual({});
    expect(validateCreate({ title: '   ', description: 'x'.repeat(1001), dueAt: NOW }, NOW)).toEqual({
      title: '请填写工单标题',
      description: '工单描述不能超过 1000 个字符',
      dueAt: '截止时间必须晚于当前时间',
    });
    expect(validateCreate({ title: 'x'.repeat(101), description: '', dueAt: NOW + 1 }, NOW)).toEqual({
      title: '工单标题不能超过 100 个字符',
    });
  });

  it('needs the note of progress, the result of closing and the reason of reopening and cancelling', () => {
    expect(validateActionText('progress', ' ')).toBe('请填写进展说明');
    expect(validateActionText('close', '')).toBe('请填写处理结果');
    expect(validateActionText('reopen', '')).toBe('请填写重新打开的原因');
    expect(validateActionText('cancel', '')).toBe('请填写取消原因');
    expect(validateActionText('accept', '')).toBeUndefined();
    expect(validateActionText('assign', 'x'.repeat(501))).toBe('备注不能超过 500 个字符');
    expect(validateActionText('close', 'x'.repeat(1000))).toBeUndefined();
  });

  it('takes JPEG, PNG and WebP photos up to 5 MB', () => {
    expect(checkPhotoFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeUndefined();
    expect(checkPhotoFile({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe('照片 a.gif 不是 JPEG、PNG 或 WebP 图片');
    expect(checkPhotoFile({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('照片 big.jpg 超过 5 MB');
  });
});
