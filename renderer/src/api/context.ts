import { createContext, useContext } from 'react';
import type { AppApi } from '@shared/contract/contract';

export const ApiContext = createContext<AppApi | undefined>(undefined);

/** The app's API (window.api), provided at the root. */
export function useApi(): AppApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside <ApiContext.Provider>');
  return api;
}
