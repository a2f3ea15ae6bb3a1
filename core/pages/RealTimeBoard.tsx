import { useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { startShell } from '../shell/shellContainer';
import { ContainerContext } from '../di/ContainerContext';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import PanelPage from '../panels/PanelPage';
import { WallScaleContext, wallScaleOf, wallShellStyle, wallSizeOf, useWallDocument } from '../panels/wallMode';
import { PushConnection } from '../session/PushConnection';
import { AlarmNotifications } from '../alarms/AlarmNotifications';
import { activeTenant, useSessionStore } from '../session/sessionStore';
import { HeaderClock, HeaderWeather } from '../shell/HeaderWidgets';
import { pageStrings } from './pageStrings';
import '../shell/ProtectedApp.css';
import './RealTimeBoard.css';

/** The panel page the board shows (declared by module:real-time-broad). */
export const REAL_TIME_BOARD_PAGE = 'realTimeBroad';

/**
 * The real-time board: the tenant's name, weather and clock over a wall-screen panel page (1920×1080,
 * or 3840×2160 with `?wall=4k`), live through the push channel; alarms still toast.
 */
export default function RealTimeBoard() {
  const coreServices = useContext(ContainerContext);
  const container = startShell(coreServices instanceof ServiceMap ? coreServices : undefined);
  const wall = wallSizeOf(useLocation().search) ?? '1080';
  const tenant = useSessionStore((state) => activeTenant(state.user));
  useWallDocument(wall);
  return (
    <ContainerProvider container={container}>
      <WallScaleContext.Provider value={wallScaleOf(wall)}>
        <div className={`app-shell bp6-dark is-wall is-wall-${wall} real-time-board`} style={wallShellStyle(wall)}>
          <PushConnection />
          <AlarmNotifications />
          <header className="real-time-board__header">
            <h1 className="real-time-board__title">{pageStrings.boardTitle(tenant?.tenantName ?? '')}</h1>
            <HeaderWeather />
            <HeaderClock />
          </header>
          <main className="app-shell__content real-time-board__content">
            <PanelPage pageId={REAL_TIME_BOARD_PAGE} wall={wall} />
          </main>
        </div>
      </WallScaleContext.Provider>
    </ContainerProvider>
  );
}
