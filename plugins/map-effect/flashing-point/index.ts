import { defineEffectPlugin } from '@ops/sdk';
import { flashingPointRenderer } from './renderFlashingPoint';

export default defineEffectPlugin(flashingPointRenderer);
