import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../http/HttpClient';
import { createAuthApi, deviceGrantsOf, weatherOf } from './authApi';

const user = { userId: 2, userName: 'operator', tenants: [] };

/** An HTTP client whose every GET answers `reply`. */
const httpAnswering = (reply: Record<string, unknown>): HttpClient =>
  ({ get: async () => ({ code: 200, ...reply }) }) as Partial<HttpClient> as HttpClient;

describe('getInfo', () => {
  it('returns the user and the device kinds they may read and control', async () => {
    const api = createAuthApi(httpAnswering({ user, deviceGrants: { read: 'all', control: ['lamp', 'light'] } }));
    await expect(api.getInfo()).resolves.toEqual({ user, deviceGrants: { read: 'all', control: ['lamp', 'light'] }, weather: null });
  });

  it('grants nothing when the reply has no usable device grants', async () => {
    await expect(createAuthApi(httpAnswering({ user })).getInfo()).resolves.toEqual({
      user,
      deviceGrants: { read: [], control: [] },
      weather: null,
    });
    expect(deviceGrantsOf({ read: ['lamp', 3], control: 'everything' })).toEqual({ read: [], control: [] });
    expect(deviceGrantsOf(null)).toEqual({ read: [], control: [] });
    expect(deviceGrantsOf({ read: ['lamp'], control: 'all' })).toEqual({ read: ['lamp'], control: 'all' });
  });

  it('carries the session weather (spec section 3), and none when it is missing or malformed', async () => {
    const weather = {
      city: '杭州市',
      text: '小雨',
      icon: 'rain',
      temperature: 18,
      band: '凉爽',
      humidity: 80,
      wind: '东南风 3级',
      updatedAt: 1,
    };
    await expect(createAuthApi(httpAnswering({ user, weather })).getInfo()).resolves.toMatchObject({ weather });
    expect(weatherOf({ ...weather, icon: 'tornado' })).toBeNull();
    expect(weatherOf({ ...weather, temperature: '18' })).toBeNull();
    expect(weatherOf('晴')).toBeNull();
  });

  it('refuses a reply without a user', async () => {
    await expect(createAuthApi(httpAnswering({ deviceGrants: { read: 'all', control: 'all' } })).getInfo()).rejects.toThrow(
      '用户信息格式不正确',
    );
  });
});
