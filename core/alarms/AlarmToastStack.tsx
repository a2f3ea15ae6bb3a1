import { Button, Icon, Tag } from '@blueprintjs/core';
import { useDictionary } from '../dictionaries/useDictionary';
import { formatTime } from '../format/timeFormat';
import { alarmStrings as t } from './alarmStrings';
import './AlarmToastStack.css';

export interface AlarmToast {
  key: string;
  typeName: string;
  grade: string;
  content: string;
  description?: string;
  deviceName?: string;
  time: number;
  iconUrl?: string;
  /** The alarm's own picture (a watchlist hit's snapshot), fetched with the session: an object URL. */
  pictureUrl?: string;
  /** The alarm's id when the push names it: a later push about the same alarm updates its toast. */
  alarmId?: number;
}

export const VISIBLE_ALARM_TOASTS = 3;
/** The seeded dictionary of the alarm grades (spec section 3). */
const ALARM_GRADE_DICTIONARY = 'alarm_grade';

export interface AlarmToastStackProps {
  toasts: readonly AlarmToast[];
  onOpen(toast: AlarmToast): void;
  onDismiss(toast: AlarmToast): void;
}

/** The newest alarms stacked at the top right; older ones fold into a count so a burst never floods the screen. */
export function AlarmToastStack({ toasts, onOpen, onDismiss }: AlarmToastStackProps) {
  // The grades' labels and colours: the server's dictionary alarm_grade.
  const grades = useDictionary(ALARM_GRADE_DICTIONARY);
  const visible = toasts.slice(-VISIBLE_ALARM_TOASTS).reverse();
  const hidden = toasts.length - visible.length;
  if (toasts.length === 0) return null;
  return (
    <section className="alarm-toasts" aria-label={t.toastRegion} aria-live="assertive">
      {visible.map((toast) => (
        <article key={toast.key} className={`alarm-toast alarm-toast--${toast.grade.toLowerCase()}`}>
          <button type="button" className="alarm-toast__body" onClick={() => onOpen(toast)} aria-label={t.open(toast.typeName)}>
            {toast.iconUrl ? <img src={toast.iconUrl} alt="" className="alarm-toast__icon" /> : <Icon icon="warning-sign" size={20} />}
            <span className="alarm-toast__text">
              <span className="alarm-toast__title">
                {toast.typeName}
                <Tag minimal intent={grades.intent(toast.grade)}>
                  {grades.label(toast.grade)}
                </Tag>
              </span>
              <span className="alarm-toast__content">{toast.content}</span>
              <span className="alarm-toast__meta">
                {toast.deviceName ? `${toast.deviceName} · ` : ''}
                {formatTime(toast.time)}
              </span>
            </span>
            {toast.pictureUrl ? <img src={toast.pictureUrl} alt={t.picture(toast.content)} className="alarm-toast__picture" /> : null}
          </button>
          <Button variant="minimal" icon="cross" aria-label={t.dismiss} onClick={() => onDismiss(toast)} />
        </article>
      ))}
      {hidden > 0 ? <div className="alarm-toasts__more">{t.more(hidden)}</div> : null}
    </section>
  );
}
