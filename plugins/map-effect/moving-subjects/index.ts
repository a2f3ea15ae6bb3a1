import { defineEffectPlugin } from '@ops/sdk';
import { movingSubjectsRenderer } from './renderMovingSubjects';

export default defineEffectPlugin(movingSubjectsRenderer);
