import { Button, Card, Elevation, Icon } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { targetPathOf } from '../alarms/AlarmNotifications';
import { useService } from '../di/useService';
import { HttpClient } from '../http/HttpClient';
import { useIncomingCallStore } from './ProductSocketConnection';
import { useSessionStore } from './sessionStore';
import { sessionStrings as t } from './sessionStrings';
import './IncomingCallNotice.css';

/** The page that answers temporary intercom calls (registry/modules.json: 监控中心 › 语音对讲). */
export const INTERCOM_PAGE = { module: 'monitoringCenter', child: 'intercom' } as const;
const INTERCOM_PERM = 'platform:monitoringCenter:intercom';

/**
 * An incoming intercom call shown on whichever page the operator is (the 语音对讲 page shows its own
 * dialog and answers there): 接听 opens 语音对讲 answering this call, 拒绝 hangs up for this operator.
 */
export function IncomingCallNotice() {
  const call = useIncomingCallStore((state) => state.call);
  const answeredByPage = useIncomingCallStore((state) => state.answeringPages > 0);
  const mayAnswer = useSessionStore((state) => state.menuPerms?.[INTERCOM_PERM] === true);
  const http = useService(HttpClient);
  const navigate = useNavigate();
  if (!call || answeredByPage) return null;

  const refuse = () => {
    useIncomingCallStore.getState().set(null);
    void http.post('/intercom/hangup', { gid: call.gid }, { json: true, loading: false, quiet: true }).catch(() => undefined);
  };
  return (
    <Card className="incoming-call-notice" elevation={Elevation.FOUR} role="alertdialog" aria-label={t.incomingCall} aria-live="assertive">
      <div className="incoming-call-notice__title">
        <Icon icon="phone" intent="success" size={18} />
        {t.incomingCall}
      </div>
      <p>{t.incomingCallFrom(call.fromName, call.name)}</p>
      {mayAnswer ? null : <p className="incoming-call-notice__hint">{t.incomingCallNoPage}</p>}
      <div className="incoming-call-notice__actions">
        {mayAnswer ? <Button intent="success" icon="phone" text={t.answerCall} onClick={() => navigate(`${targetPathOf(INTERCOM_PAGE)}?answer=${call.gid}`)} /> : null}
        <Button intent="danger" icon="cross" text={t.refuseCall} onClick={refuse} />
      </div>
    </Card>
  );
}
