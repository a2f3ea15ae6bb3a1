import { defineEffectPlugin } from '@ops/sdk';
import { fireSmokeRenderer } from './renderFireSmoke';

export default defineEffectPlugin(fireSmokeRenderer);
