import { useEffect, useId, useRef, useState } from 'react';
import { useBackoffice } from './backoffice-context';
import { callKw } from './orm';

type Option = [number, string];

/** Names of `model` matching what is typed (`name_search`), as a listbox under the input. */
function useNameSearch(model: string, text: string, open: boolean): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      callKw<Option[]>(model, 'name_search', [], { name: text, limit: 8 }).then((o) => live && setOptions(o), () => live && setOptions([]));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [model, text, open]);
  return options;
}

function Autocomplete({ id, model, text, setText, onPick, invalid, label }: {
  id: string; model: string; text: string; setText(t: string): void; onPick(o: Option): void; invalid?: boolean; label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = useNameSearch(model, text, open);
  const listId = useId();
  const pick = (o: Option) => {
    onPick(o);
    setOpen(false);
  };
  return (
    <div className="position-relative">
      <input id={id} className={`form-control${invalid ? ' is-invalid' : ''}`} role="combobox" aria-expanded={open && options.length > 0} aria-controls={listId}
        aria-autocomplete="list" aria-label={label} autoComplete="off" value={text} maxLength={200}
        onChange={(e) => { setText(e.target.value); setOpen(true); setActive(0); }}
        onFocus={() => setOpen(true)} onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setActive(Math.min(active + 1, options.length - 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setActive(Math.max(active - 1, 0)); }
          if (e.key === 'Enter' && open && options[active]) { e.preventDefault(); pick(options[active]); }
          if (e.key === 'Escape') setOpen(false);
        }} />
      {open && options.length ? (
        <ul id={listId} role="listbox" className="list-group position-absolute w-100 shadow autocomplete-list">
          {options.map((o, i) => (
            <li key={o[0]} role="option" aria-selected={i === active} className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              onMouseDown={(e) => { e.preventDefault(); pick(o); }}>{o[1]}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** many2one: type to search the target model's names, pick one; emptying the text clears it. */
export function Many2oneInput({ id, model, value, onChange, invalid, readOnly, label }: {
  id: string; model: string; value: Option | false; onChange(v: Option | false): void; invalid?: boolean; readOnly?: boolean;
  /** The accessible name where no <label> names the input (a cell of one2many lines). */
  label?: string;
}) {
  const [text, setText] = useState(value ? value[1] : '');
  const last = useRef(value);
  useEffect(() => {
    if (last.current !== value) setText(value ? value[1] : '');
    last.current = value;
  }, [value]);
  if (readOnly) return <input id={id} className="form-control-plaintext" readOnly value={value ? value[1] : ''} aria-label={label} />;
  return (
    <Autocomplete id={id} model={model} text={text} invalid={invalid} label={label}
      setText={(t) => { setText(t); if (!t) onChange(false); }} onPick={(o) => { setText(o[1]); onChange(o); }} />
  );
}

/** many2many: the linked records as tags (removable), and a search to add more. */
export function Many2manyTags({ id, model, value, onChange, readOnly, label }: { id: string; model: string; value: Option[]; onChange(v: Option[]): void; readOnly?: boolean; label?: string }) {
  const { _t } = useBackoffice();
  const [text, setText] = useState('');
  return (
    <div className="many2many-tags">
      <ul className="list-inline mb-1 d-flex flex-wrap gap-1" aria-label={_t('Selected')}>
        {value.map(([tid, name]) => (
          <li key={tid} className="badge rounded-pill text-bg-primary d-inline-flex align-items-center gap-1 tag">
            {name}
            {readOnly ? null : <button type="button" className="btn-close btn-close-white btn-sm" aria-label={`${_t('Remove')} ${name}`} onClick={() => onChange(value.filter((v) => v[0] !== tid))} />}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <Autocomplete id={id} model={model} text={text} setText={setText} label={label}
          onPick={(o) => { setText(''); if (!value.some((v) => v[0] === o[0])) onChange([...value, o]); }} />
      )}
    </div>
  );
}
