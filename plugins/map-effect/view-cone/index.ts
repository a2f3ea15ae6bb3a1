import { defineEffectPlugin } from '@ops/sdk';
import { viewConeRenderer } from './renderViewCone';

export default defineEffectPlugin(viewConeRenderer);
