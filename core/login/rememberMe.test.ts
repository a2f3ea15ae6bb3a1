import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedLogin, rememberLogin, REMEMBER_ME_DAYS } from './rememberMe';

describe('hidden remember-me', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores phone, code and flag for 30 days when on', () => {
    const set = vi.spyOn(Cookies, 'set');
    rememberLogin({ phonenumber: '13800000001', smsCode: '123456', rememberMe: true });
    expect(REMEMBER_ME_DAYS).toBe(30);
    expect(set).toHaveBeenCalledWith('phonenumber', '13800000001', expect.objectContaining({ expires: 30 }));
    expect(set).toHaveBeenCalledWith('smsCode', '123456', expect.objectContaining({ expires: 30 }));
    expect(set).toHaveBeenCalledWith('rememberMe', 'true', expect.objectContaining({ expires: 30 }));
    expect(rememberedLogin()).toEqual({ phonenumber: '13800000001', smsCode: '123456', rememberMe: true });
  });

  it('removes them when off', () => {
    rememberLogin({ phonenumber: '13800000001', smsCode: '123456', rememberMe: true });
    rememberLogin({ phonenumber: '13800000001', smsCode: '123456', rememberMe: false });
    expect(rememberedLogin()).toEqual({ phonenumber: '', smsCode: '', rememberMe: false });
  });
});
