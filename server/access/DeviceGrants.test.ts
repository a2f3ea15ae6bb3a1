import { describe, expect, it } from 'vitest';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { DeviceGrants } from './DeviceGrants';

const catalog = loadDeviceCatalog();
const grants = new DeviceGrants(catalog, new Set());

describe('DeviceGrants', () => {
  it('lets a map child page of a module without a map (安全应急 · 火灾处置) read every kind, control none', () => {
    expect(grants.kindsFor(['platform:securityEmergency:fire'], 'read')).toBe('all');
    expect(grants.kindsFor(['platform:securityEmergency:water'], 'read')).toBe('all');
    expect([...(grants.kindsFor(['platform:securityEmergency:fire'], 'control') as ReadonlySet<string>)]).toEqual([]);
  });

  it('gives a child page without the map nothing, and a map module every kind to read', () => {
    expect([...(grants.kindsFor(['platform:securityEmergency:DispatchPanel'], 'read') as ReadonlySet<string>)]).toEqual([]);
    expect([...(grants.kindsFor(['platform:securityEmergency'], 'read') as ReadonlySet<string>)]).toEqual([]);
    expect(grants.kindsFor(['platform:comprehensive'], 'read')).toBe('all');
  });
});
