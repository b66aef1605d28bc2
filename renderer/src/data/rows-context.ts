import { createContext, useContext } from 'react';
import type { RowsStore } from '../rows';

export const RowsContext = createContext<RowsStore | undefined>(undefined);

/** The window's rows store (rows/rows-store.ts), provided at the root. */
export function useRowsStore(): RowsStore {
  const store = useContext(RowsContext);
  if (!store) throw new Error('useRowsStore outside <RowsContext.Provider>');
  return store;
}
