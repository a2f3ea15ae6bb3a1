import { Button, Card, Elevation, Icon } from '@blueprintjs/core';
import type { TempCallData } from '../../contracts/videoRooms';
import { sessionStrings as t } from './sessionStrings';
import './IncomingCallNotice.css';

export interface IncomingCallCardProps {
  call: Pick<TempCallData, 'fromName' | 'name'>;
  /** The operator may open 语音对讲 (else only 拒绝, with the reason). */
  mayAnswer: boolean;
  onAnswer(): void;
  onRefuse(): void;
}

/** The card of an incoming intercom call: who calls into which group, 接听 and 拒绝. */
export function IncomingCallCard({ call, mayAnswer, onAnswer, onRefuse }: IncomingCallCardProps) {
  return (
    <Card className="incoming-call-notice" elevation={Elevation.FOUR} role="alertdialog" aria-label={t.incomingCall} aria-live="assertive">
      <div className="incoming-call-notice__title">
        <Icon icon="phone" intent="success" size={18} />
        {t.incomingCall}
      </div>
      <p>{t.incomingCallFrom(call.fromName, call.name)}</p>
      {mayAnswer ? null : <p className="incoming-call-notice__hint">{t.incomingCallNoPage}</p>}
      <div className="incoming-call-notice__actions">
        {mayAnswer ? <Button intent="success" icon="phone" text={t.answerCall} onClick={onAnswer} /> : null}
        <Button intent="danger" icon="cross" text={t.refuseCall} onClick={onRefuse} />
      </div>
    </Card>
  );
}
