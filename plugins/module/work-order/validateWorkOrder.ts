import type { WorkOrderAction } from '@ops/contracts';
import { workOrderStrings as t } from './workOrderStrings';

/** The server's limits (server/workOrders/workOrderRoutes.ts), checked before sending with its messages. */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const NOTE_MAX = 500;
export const RESULT_MAX = 1000;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTOS_PER_NOTE = 9;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface CreateForm {
  title: string;
  description: string;
  /** Epoch ms, or undefined for the priority's SLA. */
  dueAt: number | undefined;
}

/** The create dialog's fields that are wrong, each with the server's own message. */
export function validateCreate(form: CreateForm, now: number): Partial<Record<keyof CreateForm, string>> {
  const errors: Partial<Record<keyof CreateForm, string>> = {};
  const title = form.title.trim();
  if (!title) errors.title = t.validation.title;
  else if (title.length > TITLE_MAX) errors.title = t.validation.titleLong;
  if (form.description.trim().length > DESCRIPTION_MAX) errors.description = t.validation.descriptionLong;
  if (form.dueAt !== undefined && form.dueAt <= now) errors.dueAt = t.validation.dueAt;
  return errors;
}

/** What each action's text is called and how long it may be; required unless noted. */
const ACTION_TEXT: Partial<Record<WorkOrderAction, { label: string; max: number; required: boolean }>> = {
  assign: { label: '备注', max: NOTE_MAX, required: false },
  accept: { label: '备注', max: NOTE_MAX, required: false },
  progress: { label: '进展说明', max: NOTE_MAX, required: true },
  close: { label: '处理结果', max: RESULT_MAX, required: true },
  reopen: { label: '重新打开的原因', max: NOTE_MAX, required: true },
  cancel: { label: '取消原因', max: NOTE_MAX, required: true },
};

/** The message the server would answer for this action's text, or undefined when it is fine. */
export function validateActionText(action: WorkOrderAction, text: string): string | undefined {
  const rule = ACTION_TEXT[action];
  if (!rule) return undefined;
  const value = text.trim();
  if (rule.required && !value) return t.validation.note(rule.label);
  if (value.length > rule.max) return t.validation.noteLong(rule.label, rule.max);
  return undefined;
}

/** A photo the server would refuse (type by the browser's reading of the file, size), or undefined. */
export function checkPhotoFile(file: { name: string; type: string; size: number }): string | undefined {
  if (!PHOTO_TYPES.includes(file.type)) return t.photoWrongType(file.name);
  if (file.size > PHOTO_MAX_BYTES) return t.photoTooBig(file.name);
  return undefined;
}
