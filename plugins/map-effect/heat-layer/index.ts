import { defineEffectPlugin } from '@ops/sdk';
import { heatLayerRenderer } from './renderHeatLayer';

export default defineEffectPlugin(heatLayerRenderer);
