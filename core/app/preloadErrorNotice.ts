import { appStrings } from './appStrings';
import './preloadErrorNotice.css';

export interface PreloadErrorNoticeDeps {
  target: Window;
  /** Default: reload the page. */
  reload?: () => void;
}

/**
 * A lazily loaded chunk that cannot be fetched (a redeploy replaced its hashed name, the network dropped)
 * makes Vite dispatch `vite:preloadError`; the screen would otherwise stay blank. This offers a reload in
 * plain DOM outside React's root, so it shows even when the failure took the React tree down. Returns
 * the uninstaller.
 */
export function installPreloadErrorNotice({ target, reload = () => target.location.reload() }: PreloadErrorNoticeDeps): () => void {
  const onPreloadError = () => showReloadNotice(target.document, reload);
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** The notice, once however many chunks failed. */
export function showReloadNotice(document: Document, reload: () => void): HTMLElement {
  const existing = document.querySelector<HTMLElement>('.preload-error-notice');
  if (existing) return existing;
  const notice = document.createElement('div');
  notice.className = 'preload-error-notice';
  notice.setAttribute('role', 'alertdialog');
  notice.setAttribute('aria-labelledby', 'preload-error-title');
  notice.setAttribute('aria-describedby', 'preload-error-text');
  const title = document.createElement('h2');
  title.id = 'preload-error-title';
  title.textContent = appStrings.preloadErrorTitle;
  const text = document.createElement('p');
  text.id = 'preload-error-text';
  text.textContent = appStrings.preloadErrorText;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'bp6-button bp6-intent-primary';
  button.textContent = appStrings.reload;
  button.addEventListener('click', () => reload());
  notice.append(title, text, button);
  document.body.append(notice);
  button.focus();
  return notice;
}
