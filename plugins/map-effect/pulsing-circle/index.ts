import { defineEffectPlugin } from '@ops/sdk';
import { pulsingCircleRenderer } from './renderPulsingCircle';

export default defineEffectPlugin(pulsingCircleRenderer);
