import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { createToken } from '../di/Token';

export type NoticeLevel = 'error' | 'warning' | 'success' | 'info';

/** Toasts for the whole app (request errors, confirmations). */
export const Notifier = createToken<Notifier>('Notifier', '全局消息提示（请求错误、操作结果）');
export interface Notifier {
  show(level: NoticeLevel, message: string, timeoutMs?: number): void;
}

/** Spec section 9: message toasts last 3 s. */
export const MESSAGE_TOAST_MS = 3000;

const intentOf: Record<NoticeLevel, Intent> = {
  error: Intent.DANGER,
  warning: Intent.WARNING,
  success: Intent.SUCCESS,
  info: Intent.PRIMARY,
};

export class BlueprintNotifier implements Notifier {
  private toaster: Promise<Toaster> | undefined;

  show(level: NoticeLevel, message: string, timeoutMs = MESSAGE_TOAST_MS): void {
    this.toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 5 });
    void this.toaster.then((toaster) => toaster.show({ message, intent: intentOf[level], timeout: timeoutMs }));
  }
}
