import { describe, expect, it } from 'vitest';
import { errorMessage } from './errorMessage';

describe('errorMessage', () => {
  it("reads an Error's message and writes anything else as text", () => {
    expect(errorMessage(new TypeError('设备不在线'))).toBe('设备不在线');
    expect(errorMessage('超时')).toBe('超时');
    expect(errorMessage(404)).toBe('404');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
