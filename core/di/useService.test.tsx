import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContainerProvider } from './ContainerProvider';
import { createAppContainer } from './createAppContainer';
import { ServiceMap } from './ServiceLocator';
import { createContributionPoint, createToken, describeToken, type Token } from './Token';
import { useService } from './useService';

interface Greeting {
  text: string;
}
const Greeting = createToken<Greeting>('Greeting', '测试用的问候语');

function ShowGreeting() {
  return <p>{useService(Greeting).text}</p>;
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
    const container = createAppContainer(new ServiceMap().set(Greeting, { text: '欢迎' }));
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

  it('infers the service type from the token, and refuses a wrong one (checked by tsc)', () => {
    const Count = createToken<number>('Count');
    const container = createAppContainer(new ServiceMap().set(Greeting, { text: '早' }).set(Count, 3));
    function Typed() {
      // No type arguments: each service's type comes from its token.
      const text: string = useService(Greeting).text;
      const count: number = useService(Count);
      return <p>{`${text}${count}`}</p>;
    }
    render(
      <ContainerProvider container={container}>
        <Typed />
      </ContainerProvider>,
    );
    expect(screen.getByText('早3')).toBeTruthy();
    const token: Token<Greeting> = Greeting;
    expect([token.description, describeToken(Greeting)]).toEqual(['Greeting', '测试用的问候语']);
  });
});

/** Never called: tsc checks that each line below is refused (an unused @ts-expect-error fails the build). */
export function useWrongTypesAreRefused() {
  const Points = createContributionPoint<Greeting>('Points');
  // @ts-expect-error the token says Greeting, so asking for another type does not compile
  useService<{ other: boolean }>(Greeting);
  // @ts-expect-error the inferred type is Greeting, not a number
  const count: number = useService(Greeting);
  // @ts-expect-error a contribution point is read with getContributions, not with useService
  useService(Points);
  // @ts-expect-error a bare symbol carries no type, so it is not a token
  useService(Symbol('Greeting'));
  // @ts-expect-error the map refuses a value of the wrong type for a token
  new ServiceMap().set(Greeting, 'three');
  return count;
}
