import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPreloadErrorNotice } from './preloadErrorNotice';

const uninstallers: (() => void)[] = [];
afterEach(() => {
  uninstallers.splice(0).forEach((uninstall) => uninstall());
  document.body.innerHTML = '';
});

const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('the preload error notice', () => {
  it('offers a reload (重新加载) when a chunk fails to load, once however many fail', () => {
    const reload = vi.fn();
    uninstallers.push(installPreloadErrorNotice({ target: window, reload }));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    window.dispatchEvent(preloadError());
    window.dispatchEvent(preloadError());
    const notices = document.querySelectorAll('[role="alertdialog"]');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toContain('页面资源加载失败');
    const button = [...notices[0]!.querySelectorAll('button')].find((candidate) => candidate.textContent === '重新加载');
    expect(document.activeElement).toBe(button);
    button!.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the error to Vite (the failed import still rejects) and stops listening when uninstalled', () => {
    const uninstall = installPreloadErrorNotice({ target: window, reload: vi.fn() });
    const event = preloadError();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    uninstall();
    document.body.innerHTML = '';
    window.dispatchEvent(preloadError());
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
  });
});
