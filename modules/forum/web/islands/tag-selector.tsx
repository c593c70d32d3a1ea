import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { defineIsland, useT } from '@platform/web/client';
import { TAG_MESSAGES, TAG_SEARCH_SIZE, TAG_SEPARATORS, TAGS_FIELD_MAX, TAGS_PER_POST, tagNameFits } from '../../common/tag-rules';

export interface TagSelectorProps {
  /** The id of the input the page's label names. */
  id: string;
  forumId: number;
  initial: string[];
  /** karma >= what a new tag needs (the server refuses it otherwise). */
  mayCreate: boolean;
  createKarma: number;
  describedBy?: string;
  /** A message of the form's schema is shown under the field (the `is-invalid` border here). */
  invalid?: boolean;
  /** The field's value as it would be posted (names joined by commas), on every change: the ask form's formik. */
  onChange?(value: string): void;
}

const SEPARATORS = TAG_SEPARATORS;

/**
 * The tag selector (SPEC 5): chips of at most 5 tags of 2 to 35 characters, typed with a comma, space
 * or underscore (or Enter) between them, and suggestions from `/forum/get_tags` as the user types
 * (a combobox: arrows move, Enter picks, Escape closes, Backspace in an empty field removes the last
 * tag). On the server a plain text field (names separated by commas), which the form posts as is
 * without JavaScript; in the browser the chips fill a hidden field of the same name.
 */
function TagSelector(p: TagSelectorProps) {
  const _t = useT();
  const listId = useId();
  const [started, setStarted] = useState(false);
  const [tags, setTags] = useState<string[]>(p.initial);
  const [typed, setTyped] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState('');
  const known = useRef(new Set<string>(p.initial));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setStarted(true), []);

  useEffect(() => {
    const q = typed.trim();
    if (!q || SEPARATORS.test(q)) { setSuggestions([]); setActive(-1); return; }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/forum/get_tags?${new URLSearchParams({ q, l: String(TAG_SEARCH_SIZE), forum_id: String(p.forumId) })}`, { signal: controller.signal })
        .then((r) => r.json() as Promise<Array<{ id: number; name: string }>>)
        .then((rows) => {
          for (const r of rows) known.current.add(r.name);
          setSuggestions(rows.map((r) => r.name).filter((n) => !tags.includes(n)));
          setActive(-1);
        })
        .catch(() => undefined);
    }, 200);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [typed, tags, p.forumId]);

  const karmaMessage = _t('%s karma is required to perform this action. You can earn karma by having your answers upvoted by the community.').replace('%s', String(p.createKarma));
  /** Adds names (checked against the rules); returns whether all were taken. */
  const add = (names: string[]): boolean => {
    let next = [...tags];
    for (const raw of names) {
      const name = raw.trim();
      if (!name || next.includes(name)) continue;
      if (!tagNameFits(name)) { setMessage(_t(TAG_MESSAGES.length)); return false; }
      if (next.length >= TAGS_PER_POST) { setMessage(_t(TAG_MESSAGES.count)); return false; }
      if (!p.mayCreate && !known.current.has(name)) { setMessage(karmaMessage); return false; }
      next = [...next, name];
    }
    setTags(next);
    setMessage('');
    return true;
  };
  const commitTyped = (text: string) => {
    const parts = text.split(SEPARATORS);
    const rest = parts.pop() ?? '';
    if (add(parts)) setTyped(rest);
  };
  const pick = (name: string) => {
    if (add([name])) { setTyped(''); setSuggestions([]); setActive(-1); }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const chosen = active >= 0 && active < suggestions.length ? suggestions[active] : null;
    if (e.key === 'ArrowDown' && suggestions.length) { e.preventDefault(); setActive((a) => (a + 1) % suggestions.length); }
    else if (e.key === 'ArrowUp' && suggestions.length) { e.preventDefault(); setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1)); }
    else if (e.key === 'Enter' && (chosen || typed.trim())) { e.preventDefault(); if (chosen) pick(chosen); else if (add([typed])) setTyped(''); }
    else if (e.key === 'Escape') { setSuggestions([]); setActive(-1); }
    else if (e.key === 'Backspace' && !typed && tags.length) { setTags(tags.slice(0, -1)); setMessage(''); }
  };

  const posted = [...tags, ...(typed.trim() ? [typed.trim()] : [])].join(',');
  const { onChange } = p;
  useEffect(() => { if (started) onChange?.(posted); }, [started, posted, onChange]);

  if (!started) {
    return <input id={p.id} className={`form-control${p.invalid ? ' is-invalid' : ''}`} name="post_tags" maxLength={TAGS_FIELD_MAX} defaultValue={p.initial.join(', ')} aria-describedby={p.describedBy} />;
  }
  const open = suggestions.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="forum-tag-selector position-relative">
      <input type="hidden" name="post_tags" value={posted} />
      <div className={`form-control${p.invalid ? ' is-invalid' : ''} d-flex flex-wrap gap-1 align-items-center`}>
        {tags.map((t) => (
          <span key={t} className="badge text-bg-primary d-inline-flex align-items-center gap-1 forum-tag-chip">
            <span className="text-break">{t}</span>
            <button type="button" className="btn-close btn-close-white" style={{ fontSize: '.6rem' }} aria-label={_t('Remove tag %s').replace('%s', t)}
              onClick={() => { setTags(tags.filter((x) => x !== t)); setMessage(''); input.current?.focus(); }} />
          </span>
        ))}
        <input ref={input} id={p.id} className="border-0 flex-grow-1 forum-tag-input" style={{ minWidth: '8rem', outline: 'none' }} value={typed} autoComplete="off"
          role="combobox" aria-autocomplete="list" aria-expanded={open} aria-controls={listId} aria-describedby={p.describedBy}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined} maxLength={TAGS_FIELD_MAX} aria-invalid={p.invalid || undefined}
          onChange={(e) => (SEPARATORS.test(e.target.value) ? commitTyped(e.target.value) : setTyped(e.target.value))} onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => { setSuggestions([]); setActive(-1); }, 150)} />
      </div>
      <ul id={listId} role="listbox" aria-label={_t('Suggested tags')} className={`list-group position-absolute w-100 shadow-sm forum-tag-suggestions${open ? '' : ' d-none'}`} style={{ zIndex: 20 }}>
        {suggestions.map((s, i) => (
          <li key={s} id={optionId(i)} role="option" aria-selected={i === active} className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
            onMouseDown={(e) => { e.preventDefault(); pick(s); }}>{s}</li>
        ))}
      </ul>
      {message && <div className="text-danger small mt-1 forum-tag-message" role="alert">{message}</div>}
    </div>
  );
}

export default defineIsland('forum.tag_selector', TagSelector);
