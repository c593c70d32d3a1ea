import { useEffect, useState } from 'react';
import { defineIsland, useT } from '@platform/web/client';

/** The count shown while the box is empty: the reference's hard-coded 30. */
export const EMPTY_SEARCH_COUNT = 30;

/**
 * The agenda's live search: typing shows again every `.event_track` cell of the grid (empty ones carry
 * the class too), then, with text, counts the cells whose text contains it (ignoring case) and hides
 * the others with `invisible`, so the grid keeps its layout. An empty box shows 30, as the reference does.
 */
function TrackSearch() {
  const _t = useT();
  const [text, setText] = useState('');
  const [count, setCount] = useState<number>(EMPTY_SEARCH_COUNT);
  useEffect(() => {
    const cells = Array.from(document.querySelectorAll<HTMLElement>('.event_track'));
    for (const c of cells) c.classList.remove('invisible');
    const q = text.trim().toLowerCase();
    if (!q) { setCount(EMPTY_SEARCH_COUNT); return; }
    let n = 0;
    for (const c of cells) {
      if ((c.textContent ?? '').toLowerCase().includes(q)) n++;
      else c.classList.add('invisible');
    }
    setCount(n);
  }, [text]);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="search">
      <label htmlFor="event_track_search" className="visually-hidden">{_t('Search talks')}</label>
      <input id="event_track_search" type="search" className="form-control" style={{ maxWidth: 320 }} placeholder={_t('Search talks...')}
        value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
      <span className="text-body-secondary" aria-live="polite"><span id="search_number">{count}</span> {_t('found')}</span>
    </div>
  );
}

export default defineIsland('event.track_search', TrackSearch);
