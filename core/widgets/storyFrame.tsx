import type { Decorator } from '@storybook/react-vite';
import './storyFrame.css';

export interface StoryPanel {
  title: string;
  width: number;
  height: number;
}

/**
 * Widget stories: the widget inside a panel-like box of the size a page grid would give it (twice
 * that in wall mode). A story changes the panel with `parameters: { panel: { … } }`.
 */
export function inPanel(title: string, width = 420, height = 260): Decorator {
  const PanelFrame: Decorator = (Story, context) => {
    const panel = { title, width, height, ...(context.parameters.panel as Partial<StoryPanel> | undefined) };
    const wall = Boolean((context.args as { wall?: boolean }).wall);
    const scale = wall ? 2 : 1;
    return (
      <section
        className={`story-panel${wall ? ' story-panel--wall' : ''}`}
        style={{ width: panel.width * scale, height: panel.height * scale }}
        aria-label={panel.title}
      >
        <header className="story-panel__title">{panel.title}</header>
        <div className="story-panel__body">
          <Story />
        </div>
      </section>
    );
  };
  return PanelFrame;
}

/** Fixed instants for stories and tests (Shanghai afternoon of 2026-11-22). */
export const STORY_NOW = Date.UTC(2026, 10, 22, 8, 30, 5);
export const noop = () => undefined;
