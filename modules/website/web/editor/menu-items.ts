/** An entry of the menu editor: the list is flat, `depth` 1 entries belong to the depth 0 entry above them. */
export interface EditorMenuItem {
  /** Stable key in the editor (`m<id>`, or `n<n>` for a link added and not saved yet). */
  key: string;
  id?: number;
  name: string;
  url: string;
  depth: 0 | 1;
  visible: boolean;
  /** What the entry leads to: a page (its URL follows the page), a module's page, or a link. */
  kind: 'page' | 'module' | 'link';
}

/** The flat list as the save call takes it: entries with their sub-entries. */
export function menuTree(items: EditorMenuItem[]) {
  const entries: Array<{ id?: number; name: string; url?: string; visible: boolean; children: Array<{ id?: number; name: string; url?: string; visible: boolean }> }> = [];
  for (const item of items) {
    const e = { id: item.id, name: item.name, url: item.kind === 'link' ? item.url : undefined, visible: item.visible };
    if (item.depth === 1 && entries.length) entries[entries.length - 1].children.push(e);
    else entries.push({ ...e, children: [] });
  }
  return entries;
}

/** Moves the entry at `index` (with its sub-entries, for a top entry) one place up (-1) or down (+1); null when it cannot. */
export function moveItem(items: EditorMenuItem[], index: number, by: -1 | 1): EditorMenuItem[] | null {
  const item = items[index];
  if (item.depth === 1) {
    const target = index + by;
    if (target < 1 || target >= items.length) return null;
    const next = [...items];
    next.splice(index, 1);
    next.splice(target, 0, item);
    return next;
  }
  const blockEnd = (start: number) => {
    let end = start + 1;
    while (end < items.length && items[end].depth === 1) end++;
    return end;
  };
  const end = blockEnd(index);
  const block = items.slice(index, end);
  const rest = [...items.slice(0, index), ...items.slice(end)];
  if (by === -1) {
    let prev = index - 1;
    while (prev >= 0 && items[prev].depth === 1) prev--;
    if (prev < 0) return null;
    rest.splice(prev, 0, ...block);
    return rest;
  }
  if (end >= items.length) return null;
  const nextEnd = blockEnd(end);
  rest.splice(index + (nextEnd - end), 0, ...block);
  return rest;
}

/** Moves the entry `from` (with its sub-entries) before the entry `to` (mouse drag and drop). */
export function dropItem(items: EditorMenuItem[], from: number, to: number): EditorMenuItem[] {
  if (from === to) return items;
  let end = from + 1;
  if (items[from].depth === 0) while (end < items.length && items[end].depth === 1) end++;
  if (to > from && to < end) return items;
  const block = items.slice(from, end);
  const rest = [...items.slice(0, from), ...items.slice(end)];
  const at = to > from ? to - block.length : to;
  rest.splice(at, 0, ...block);
  if (rest[0].depth === 1) rest[0] = { ...rest[0], depth: 0 };
  return rest;
}
