import { defineEffectPlugin } from '@ops/sdk';
import { scanCircleRenderer } from './renderScanCircle';

export default defineEffectPlugin(scanCircleRenderer);
