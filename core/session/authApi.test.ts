import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../http/HttpClient';
import { createAuthApi, deviceGrantsOf } from './authApi';

const user = { userId: 2, userName: 'operator', tenants: [] };

/** An HTTP client whose every GET answers `reply`. */
const httpAnswering = (reply: Record<string, unknown>): HttpClient => ({ get: async () => ({ code: 200, ...reply }) }) as Partial<HttpClient> as HttpClient;

describe('getInfo', () => {
  it('returns the user and the device kinds they may read and control', async () => {
    const api = createAuthApi(httpAnswering({ user, deviceGrants: { read: 'all', control: ['lamp', 'light'] } }));
    await expect(api.getInfo()).resolves.toEqual({ user, deviceGrants: { read: 'all', control: ['lamp', 'light'] } });
  });

  it('grants nothing when the reply has no usable device grants', async () => {
    await expect(createAuthApi(httpAnswering({ user })).getInfo()).resolves.toEqual({ user, deviceGrants: { read: [], control: [] } });
    expect(deviceGrantsOf({ read: ['lamp', 3], control: 'everything' })).toEqual({ read: [], control: [] });
    expect(deviceGrantsOf(null)).toEqual({ read: [], control: [] });
    expect(deviceGrantsOf({ read: ['lamp'], control: 'all' })).toEqual({ read: ['lamp'], control: 'all' });
  });

  it('refuses a reply without a user', async () => {
    await expect(createAuthApi(httpAnswering({ deviceGrants: { read: 'all', control: 'all' } })).getInfo()).rejects.toThrow('用户信息格式不正确');
  });
});
