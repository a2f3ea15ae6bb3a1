import { defineEffectPlugin } from '@ops/sdk';
import { geofenceVolumeRenderer } from './renderGeofenceVolume';

export default defineEffectPlugin(geofenceVolumeRenderer);
