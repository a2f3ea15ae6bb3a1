import { Alignment, Button, HTMLSelect, Navbar } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useService } from '../di/useService';
import { AuthService } from '../session/AuthService';
import { activeTenant, useSessionStore } from '../session/sessionStore';
import { sessionStrings } from '../session/sessionStrings';
import { Notifier } from '../ui/Notifier';
import { loginStrings } from '../login/loginStrings';
import { pageStrings } from '../pages/pageStrings';
import { homePath } from '../router/routePaths';

/** Top bar: product name, Home, tenant switch (no page reload), user and logout. */
export function AppHeader() {
  const auth = useService(AuthService);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
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
          {pageStrings.home}
        </Button>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        {user && user.tenants.length > 1 ? (
          <HTMLSelect
            aria-label={pageStrings.tenantLabel}
            value={tenant?.tenantId}
            disabled={switching}
            onChange={(event) => void switchTenant(Number(event.currentTarget.value))}
            options={user.tenants.map((entry) => ({ value: entry.tenantId, label: entry.tenantName }))}
          />
        ) : (
          <span className="app-header__tenant">{tenant?.tenantName}</span>
        )}
        <Navbar.Divider />
        <span className="app-header__user" aria-label={pageStrings.userMenu}>
          {user?.nickName || user?.userName}
        </span>
        <Button variant="minimal" icon="log-out" onClick={() => void logout()}>
          {pageStrings.logout}
        </Button>
      </Navbar.Group>
    </Navbar>
  );
}
