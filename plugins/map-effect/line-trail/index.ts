import { defineEffectPlugin } from '@ops/sdk';
import { lineTrailRenderer } from './renderLineTrail';

export default defineEffectPlugin(lineTrailRenderer);
