import { Alignment, Button, HTMLSelect, Menu, MenuItem, Navbar, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useService } from '../di/useService';
import { wallSizeOf } from '../panels/wallMode';
import { HeaderClock, HeaderWeather } from './HeaderWidgets';
import { AuthService } from '../session/AuthService';
import { activeTenant, useSessionStore } from '../session/sessionStore';
import { sessionStrings } from '../session/sessionStrings';
import { Notifier } from '../ui/Notifier';
import { loginStrings } from '../login/loginStrings';
import { shellStrings } from './shellStrings';
import { homePath } from '../registry/routePaths';

/** Top bar: product name, Home, weather, clock, wall-screen mode, tenant switch (no page reload), the user's menu with logout. */
export function AppHeader() {
  const auth = useService(AuthService);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
  const location = useLocation();
  const wall = wallSizeOf(location.search);
  const toggleWall = () => {
    const params = new URLSearchParams(location.search);
    if (wall) params.delete('wall');
    else params.set('wall', window.innerWidth >= 3000 ? '4k' : '1080');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
  };
  const user = useSessionStore((state) => state.user);
  const tenant = activeTenant(user);
  const [switching, setSwitching] = useState(false);

  const switchTenant = async (tenantId: number) => {
    if (!user || tenantId === tenant?.tenantId) return;
    setSwitching(true);
    try {
      const menus = await auth.switchTenant(tenantId);
      const name = useSessionStore.getState().user?.tenants.find((entry) => entry.tenantId === tenantId)?.tenantName ?? '';
      if (menus.length === 0) notifier.show('warning', sessionStrings.noPermission);
      else notifier.show('success', `${sessionStrings.tenantSwitched}${name}`);
      navigate(homePath);
    } catch {
      // The HTTP client reported the reason.
    } finally {
      setSwitching(false);
    }
  };

  const logout = async () => {
    if (!(await auth.logout())) notifier.show('error', sessionStrings.logoutFailed);
  };

  return (
    <Navbar className="app-header">
      <Navbar.Group align={Alignment.START}>
        <Navbar.Heading className="app-header__title">{loginStrings.productName}</Navbar.Heading>
        <Navbar.Divider />
        <Button variant="minimal" icon="home" onClick={() => navigate(homePath)}>
          {shellStrings.home}
        </Button>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <HeaderWeather />
        <HeaderClock />
        <Button variant="minimal" icon={wall ? 'minimize' : 'fullscreen'} onClick={toggleWall} aria-pressed={wall !== undefined}>
          {wall ? shellStrings.exitWallMode : shellStrings.wallMode}
        </Button>
        <Navbar.Divider />
        {user && user.tenants.length > 1 ? (
          <HTMLSelect
            aria-label={shellStrings.tenantLabel}
            value={tenant?.tenantId}
            disabled={switching}
            onChange={(event) => void switchTenant(Number(event.currentTarget.value))}
            options={user.tenants.map((entry) => ({ value: entry.tenantId, label: entry.tenantName }))}
          />
        ) : (
          <span className="app-header__tenant">{tenant?.tenantName}</span>
        )}
        <Navbar.Divider />
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu aria-label={shellStrings.userMenu}>
              <MenuItem icon="person" disabled text={user?.userName ?? ''} label={tenant?.tenantName} />
              <MenuItem icon="log-out" text={shellStrings.logout} onClick={() => void logout()} />
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon="user"
            endIcon="caret-down"
            aria-label={`${shellStrings.userMenu}：${user?.nickName || user?.userName || ''}`}
          >
            {user?.nickName || user?.userName}
          </Button>
        </PopoverNext>
      </Navbar.Group>
    </Navbar>
  );
}
