import { describe, expect, it } from 'vitest';
import { validateAuthCode, validatePhone, validateSmsCode } from './loginValidation';

describe('login validation (spec section 5)', () => {
  it('checks the phone number', () => {
    expect(validatePhone('')).toBe('手机号不可为空');
    expect(validatePhone('12800000000')).toBe('请输入有效的手机号码');
    expect(validatePhone('1380000000')).toBe('请输入有效的手机号码');
    expect(validatePhone('138000000001')).toBe('请输入有效的手机号码');
    expect(validatePhone('13800000001')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
  });
  it('requires the SMS code and a non-blank authorization code', () => {
    expect(validateSmsCode('')).toBe('请输入验证码');
    expect(validateSmsCode('123456')).toBeNull();
    expect(validateAuthCode('   ')).toBe('请输入有效授权码');
    expect(validateAuthCode(' OPER ')).toBeNull();
  });
});
