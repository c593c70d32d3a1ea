import { createContext, useContext } from 'react';
import type { BackofficeBootData } from './boot-data';
import type { Route } from './route';
import type { BackofficeViewProps } from './view-props';
import type { ComponentType } from 'react';

/** view key (`res.users:form`, `screen:apps`) -> loader of the module's component (a code-split chunk). */
export type ViewRegistry = Record<string, () => Promise<{ default: ComponentType<BackofficeViewProps> }>>;

export interface BackofficeContextValue {
  data: BackofficeBootData;
  _t(source: string): string;
  route: Route;
  /** Goes to another screen; a new history entry unless `replace`. Asks first when a form holds unsaved changes. */
  navigate(route: Route, replace?: boolean): void;
  views: ViewRegistry;
}

export const BackofficeContext = createContext<BackofficeContextValue | null>(null);

export function useBackoffice(): BackofficeContextValue {
  const value = useContext(BackofficeContext);
  if (!value) throw new Error('Back office views render inside the back office app');
  return value;
}
