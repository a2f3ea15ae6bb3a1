import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as previewAnnotations from '../../.storybook/preview';

type StoryModule = Parameters<typeof composeStories>[0];

// Every story file of the core and of every plugin, found the same way Storybook finds them.
const storyModules = import.meta.glob<StoryModule>(['../../core/**/*.stories.tsx', '../../plugins/**/*.stories.tsx'], { eager: true });

beforeAll(() => {
  setProjectAnnotations([previewAnnotations]);
});

afterEach(() => cleanup());

describe('every story renders without errors', () => {
  it('finds the stories', () => {
    expect(Object.keys(storyModules).length).toBeGreaterThanOrEqual(3);
  });

  for (const [file, module] of Object.entries(storyModules)) {
    const stories = Object.entries(composeStories(module));
    for (const [name, Story] of stories) {
      it(`${file.replace('../../', '')} › ${name}`, async () => {
        const consoleError = vi.spyOn(console, 'error');
        const canvasElement = document.createElement('div');
        document.body.appendChild(canvasElement);
        try {
          await Story.run({ canvasElement });
          await new Promise((resolve) => setTimeout(resolve, 0));
          expect(canvasElement.childElementCount).toBeGreaterThan(0);
          expect(consoleError.mock.calls.map((call) => String(call[0]))).toEqual([]);
        } finally {
          consoleError.mockRestore();
          canvasElement.remove();
        }
      });
    }
  }
});
