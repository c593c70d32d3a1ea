import { useEffect, useId, useState } from 'react';
import { rpc } from '@platform/web/client';

export interface UtmFieldProps {
  model: 'utm.campaign' | 'utm.medium' | 'utm.source';
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

interface UtmRecord {
  id: number;
  name: string;
}

const callKw = <T,>(model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}) =>
  rpc<T>('/web/dataset/call_kw', { model, method, args, kwargs });

/**
 * The id of the campaign, medium or source named `name`: an existing one when the name matches
 * case-insensitively, else a new one (spec section 5). Empty name: none.
 */
export async function utmIdFor(model: UtmFieldProps['model'], name: string): Promise<number | false> {
  const wanted = name.trim();
  if (!wanted) return false;
  const found = await callKw<UtmRecord[]>(model, 'search_read', [[['name', 'ilike', wanted]], ['id', 'name']], { limit: 50 });
  const same = found.find((r) => r.name.toLowerCase() === wanted.toLowerCase());
  if (same) return same.id;
  return callKw<number>(model, 'create', [{ name: wanted }]);
}

/** A text field suggesting the existing values; typing a new name creates it when the link is made. */
export function UtmField({ model, label, placeholder, value, onChange }: UtmFieldProps) {
  const id = useId();
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    callKw<UtmRecord[]>(model, 'search_read', [[], ['name']], { limit: 200 })
      .then((rows) => setOptions(rows.map((r) => r.name)))
      .catch(() => setOptions([]));
  }, [model]);
  return (
    <div className="link-tracker-field">
      <label htmlFor={`${id}-input`} className="form-label mb-0">{label}</label>
      <input id={`${id}-input`} className="form-control" name={model} list={`${id}-list`} value={value} placeholder={placeholder}
        autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      <datalist id={`${id}-list`}>
        {options.map((o) => <option key={o} value={o} />)}
      </datalist>
    </div>
  );
}
