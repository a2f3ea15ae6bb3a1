import { createContext } from 'react';
import type { ServiceLocator } from './ServiceLocator';

export const ContainerContext = createContext<ServiceLocator | null>(null);
