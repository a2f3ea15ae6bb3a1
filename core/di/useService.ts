import { useContext } from 'react';
import { ContainerContext } from './ContainerContext';
import type { Token } from './Token';

/** Reaches a service from React, typed by its token; fails loudly, naming the token, when it is not bound. */
export function useService<T>(token: Token<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService 需要在 ContainerProvider 之内使用');
  if (!container.isBound(token)) throw new Error(`未绑定的服务：${token.description ?? String(token)}`);
  return container.get(token);
}
