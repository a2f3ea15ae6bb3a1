import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import previewAnnotations from '../../.storybook/preview';

type StoryModule = Parameters<typeof composeStories>[0];

// Every story file of the core and of every plugin, found the same way Storybook finds them.
const storyModules = import.meta.glob<StoryModule>(['../../core/**/*.stories.tsx', '../../plugins/**/*.stories.tsx'], { eager: true });

// Before composing: composeStories reads the project annotations (decorators) when it runs.
setProjectAnnotations([previewAnnotations]);

afterEach(() => cleanup());

describe('every story renders without errors', () => {
  it('finds the stories', () => {
    expect(Object.keys(storyModules).length).toBeGreaterThanOrEqual(3);
  });

  for (const [file, module] of Object.entries(storyModules)) {
    const stories = Object.entries(composeStories(module)) as [string, { run(context?: { canvasElement: HTMLElement }): Promise<void> }][];
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
