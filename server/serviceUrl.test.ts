import { describe, expect, it } from 'vitest';
import { parseServiceUrl } from './serviceUrl';

describe('parseServiceUrl', () => {
  const rule = { protocols: ['http:', 'https:'], example: 'http://主机:端口', credentialsRefused: '不能包含账号密码' };

  it('takes an empty or absent setting as "not used", and a good address as it is written (trimmed)', () => {
    expect(parseServiceUrl('X_URL', undefined, rule)).toBeUndefined();
    expect(parseServiceUrl('X_URL', '  ', rule)).toBeUndefined();
    expect(parseServiceUrl('X_URL', ' https://a.example.com:8443/p ', rule)).toBe('https://a.example.com:8443/p');
  });

  it('names the setting, what is wrong and the expected form, never showing a password', () => {
    expect(() => parseServiceUrl('X_URL', 'nonsense', rule)).toThrow('X_URL 不是有效的地址，应形如 http://主机:端口，当前为 "nonsense"');
    expect(() => parseServiceUrl('X_URL', 'ftp://h/', rule)).toThrow('X_URL 只支持 http://、https://，');
    expect(() => parseServiceUrl('X_URL', 'http://u:secret@h/', rule)).toThrow(
      'X_URL 不能包含账号密码，应形如 http://主机:端口，当前为 "http://u:***@h/"',
    );
    expect(() => parseServiceUrl('X_URL', 'http://u:secret@h/', { ...rule, credentialsRefused: undefined })).not.toThrow();
    expect(() => parseServiceUrl('D', 'postgres://h', { protocols: ['postgres:'], example: 'e', pathRequired: '缺少数据库名' })).toThrow(
      'D 缺少数据库名',
    );
    expect(parseServiceUrl('D', 'postgres:///db?host=/run/pg', { protocols: ['postgres:'], example: 'e', hostInQuery: true })).toBe(
      'postgres:///db?host=/run/pg',
    );
    expect(() => parseServiceUrl('D', 'postgres:///db', { protocols: ['postgres:'], example: 'e', hostInQuery: true })).toThrow(
      'D 缺少主机',
    );
  });
});
