import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
});

// jsdom lays nothing out; give elements a viewport-sized box so virtual lists render their rows.
for (const key of ['offsetHeight', 'clientHeight'])
  Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 600 });
for (const key of ['offsetWidth', 'clientWidth']) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 800 });
