import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWallDocument, wallShellStyle, wallSizeOf, type WallSize } from './wallMode';

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

describe('wall mode', () => {
  it('reads the wall size from the URL', () => {
    expect(wallSizeOf('?wall=4k')).toBe('4k');
    expect(wallSizeOf('?wall=1080&x=1')).toBe('1080');
    expect(wallSizeOf('?wall=8k')).toBeUndefined();
    expect(wallSizeOf('')).toBeUndefined();
  });

  it('sizes the shell to the screen and gives its CSS the scale', () => {
    expect(wallShellStyle(undefined)).toBeUndefined();
    expect(wallShellStyle('4k')).toEqual({ width: 3840, height: 2160, '--wall-scale': '2.5', '--wall-zoom': '2' });
    expect(wallShellStyle('1080')).toEqual({ width: 1920, height: 1080, '--wall-scale': '1.25', '--wall-zoom': '1' });
  });

  it('puts the scale on the document while a wall is shown (toasts and popovers scale too) and takes it off after', () => {
    const root = document.documentElement;
    const { rerender, unmount } = renderHook(({ wall }: { wall: WallSize | undefined }) => useWallDocument(wall), {
      initialProps: { wall: '4k' },
    });
    expect(root.classList.contains('is-wall')).toBe(true);
    expect(root.style.getPropertyValue('--wall-scale')).toBe('2.5');
    rerender({ wall: '1080' });
    expect(root.style.getPropertyValue('--wall-scale')).toBe('1.25');
    expect(root.style.getPropertyValue('--wall-zoom')).toBe('1');
    rerender({ wall: undefined });
    expect(root.classList.contains('is-wall')).toBe(false);
    expect(root.style.getPropertyValue('--wall-scale')).toBe('');
    rerender({ wall: '4k' });
    unmount();
    expect(root.classList.contains('is-wall')).toBe(false);
  });
});
