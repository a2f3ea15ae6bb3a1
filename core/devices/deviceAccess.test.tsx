import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { deviceModulePages, mayControlKind, useDeviceControl } from './deviceAccess';

afterEach(() => useSessionStore.getState().clear());

describe('device control grants', () => {
  it('allows a kind listed in the grants, or every kind for "all", and nothing before sign-in', () => {
    expect(mayControlKind({ read: 'all', control: ['lamp'] }, 'lamp')).toBe(true);
    expect(mayControlKind({ read: 'all', control: ['lamp'] }, 'camera')).toBe(false);
    expect(mayControlKind({ read: 'all', control: [] }, 'lamp')).toBe(false);
    expect(mayControlKind({ read: [], control: 'all' }, 'camera')).toBe(true);
    expect(mayControlKind(null, 'lamp')).toBe(false);
  });

  it('follows the session: sign-in, tenant switch, sign-out', () => {
    const { result } = renderHook(() => useDeviceControl());
    expect(result.current('lamp')).toBe(false);
    act(() => useSessionStore.setState({ deviceGrants: { read: 'all', control: ['lamp'] } }));
    expect(result.current('lamp')).toBe(true);
    act(() => useSessionStore.setState({ deviceGrants: { read: 'all', control: [] } }));
    expect(result.current('lamp')).toBe(false);
  });
});

describe('deviceModulePages', () => {
  it('gives 设备管控 its kind pages, open as the menus say', () => {
    const pages = deviceModulePages('device', { 'platform:device': true, 'platform:device:lamp': true });
    expect(pages.pathOf('smartParking')).toBe('/device/smartparking');
    expect(pages.pageOf('smartParking')).toBe('smartParking');
    expect(pages.opens('lamp')).toBe(true);
    expect(pages.opens('camera')).toBe(false);
  });

  it('gives 正射影像 the same pages under its prefix', () => {
    const pages = deviceModulePages('orthophoto', { 'platform:orthophoto:lamp': true }, 'orthophoto');
    expect(pages.pathOf('smartParking')).toBe('/orthophoto/orthophotosmartparking');
    expect(pages.pageOf('orthophotoSmartParking')).toBe('smartParking');
    expect(pages.opens('lamp')).toBe(true);
    expect(deviceModulePages('orthophoto', null).opens('lamp')).toBe(false);
    // The prefix comes from the module tree when not given.
    expect(deviceModulePages('orthophoto', null).pathOf('lamp')).toBe('/orthophoto/orthophotolamp');
  });
});
