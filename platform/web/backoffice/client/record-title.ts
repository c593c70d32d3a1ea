import { createContext, useContext, useEffect } from 'react';

/** The open record's name, shown as the last breadcrumb. */
export const RecordTitleContext = createContext<(title: string | null) => void>(() => undefined);

export function useRecordTitle(title: string | null): void {
  const set = useContext(RecordTitleContext);
  useEffect(() => set(title), [set, title]);
}
