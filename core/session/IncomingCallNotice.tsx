import { useNavigate } from 'react-router-dom';
import { useService } from '../di/useService';
import { intercomRoutes } from '../../contracts/api/intercomRoutes';
import { Api } from '../http/ApiCaller';
import { targetPathOf } from '../registry/routePaths';
import { IncomingCallCard } from './IncomingCallCard';
import { useIncomingCallStore } from './ProductSocketConnection';
import { useSessionStore } from './sessionStore';

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
  const api = useService(Api);
  const navigate = useNavigate();
  if (!call || answeredByPage) return null;

  return (
    <IncomingCallCard
      call={call}
      mayAnswer={mayAnswer}
      onAnswer={() => navigate(`${targetPathOf(INTERCOM_PAGE)}?answer=${call.gid}`)}
      onRefuse={() => {
        useIncomingCallStore.getState().set(null);
        void api.call(intercomRoutes.hangup, { body: { gid: call.gid } }, { loading: false, quiet: true }).catch(() => undefined);
      }}
    />
  );
}
