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
// …nor scrolls: jsdom has no scrollIntoView (a focused row scrolls itself into view in the browser).
if (!('scrollIntoView' in Element.prototype))
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: () => undefined });
