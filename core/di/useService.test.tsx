import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContainerProvider } from './ContainerProvider';
import { createAppContainer } from './createAppContainer';
import { ServiceMap } from './ServiceLocator';
import { useService } from './useService';

const Greeting = Symbol('Greeting');
interface Greeting {
  text: string;
}

function ShowGreeting() {
  return <p>{useService<Greeting>(Greeting).text}</p>;
}

describe('useService', () => {
  it('reads a service bound in the inversify container', () => {
    const container = createAppContainer();
    container.bind<Greeting>(Greeting).toConstantValue({ text: '你好' });
    render(
      <ContainerProvider container={container}>
        <ShowGreeting />
      </ContainerProvider>,
    );
    expect(screen.getByText('你好')).toBeTruthy();
  });

  it('hands the login route services over to the app container', () => {
    const container = createAppContainer(new ServiceMap().set<Greeting>(Greeting, { text: '欢迎' }));
    expect(container.get<Greeting>(Greeting).text).toBe('欢迎');
  });

  it('names the token when it is not bound, or when there is no provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <ContainerProvider container={createAppContainer()}>
          <ShowGreeting />
        </ContainerProvider>,
      ),
    ).toThrow('未绑定的服务：Greeting');
    expect(() => render(<ShowGreeting />)).toThrow('ContainerProvider');
    vi.restoreAllMocks();
  });
});
