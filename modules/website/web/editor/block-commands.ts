import type { Editor } from '@tiptap/react';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Fragment } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/**
 * A page's blocks are the top-level nodes of its document: the theme's sections (kept by the
 * editor's structure container), dynamic block placeholders, and loose paragraphs or headings. The
 * block "selected" is the one holding the selection; these commands act on it as a whole.
 */
export interface CurrentBlock {
  node: PmNode;
  /** Position before the node in the document. */
  pos: number;
  index: number;
  count: number;
}

export function currentBlock(state: EditorState): CurrentBlock | null {
  const { doc, selection } = state;
  if (!doc.childCount) return null;
  const index = Math.min(selection.$from.index(0), doc.childCount - 1);
  let pos = 0;
  for (let i = 0; i < index; i++) pos += doc.child(i).nodeSize;
  return { node: doc.child(index), pos, index, count: doc.childCount };
}

/** Selects the whole block at `pos` (kept visible), so the next command acts on it again. */
function selectAt(tr: Transaction, pos: number): Transaction {
  return tr.setSelection(NodeSelection.create(tr.doc, pos)).scrollIntoView();
}

function run(editor: Editor, make: (state: EditorState, block: CurrentBlock) => Transaction | null): boolean {
  const block = currentBlock(editor.state);
  if (!block) return false;
  const tr = make(editor.state, block);
  if (!tr) return false;
  editor.view.dispatch(tr);
  return true;
}

export type BlockMove = 'up' | 'down';

export function moveBlock(editor: Editor, direction: BlockMove): boolean {
  return run(editor, (state, { node, pos, index, count }) => {
    if (direction === 'up') {
      if (index === 0) return null;
      const previous = state.doc.child(index - 1);
      const from = pos - previous.nodeSize;
      return selectAt(state.tr.replaceWith(from, pos + node.nodeSize, Fragment.from([node, previous])), from);
    }
    if (index >= count - 1) return null;
    const next = state.doc.child(index + 1);
    const tr = state.tr.replaceWith(pos, pos + node.nodeSize + next.nodeSize, Fragment.from([next, node]));
    return selectAt(tr, pos + next.nodeSize);
  });
}

export function duplicateBlock(editor: Editor): boolean {
  return run(editor, (state, { node, pos }) => {
    const after = pos + node.nodeSize;
    return selectAt(state.tr.insert(after, node.copy(node.content)), after);
  });
}

export function removeBlock(editor: Editor): boolean {
  return run(editor, (state, { node, pos, count }) => {
    // The document is never empty: the last block gives way to an empty paragraph.
    if (count === 1) return state.tr.replaceWith(pos, pos + node.nodeSize, state.schema.nodes.paragraph.create()).scrollIntoView();
    return state.tr.delete(pos, pos + node.nodeSize).scrollIntoView();
  });
}

/** Replaces the block's `class` and `style` (its options). */
export function setBlockLook(editor: Editor, look: { class: string | null; style: string | null }): boolean {
  return run(editor, (state, { node, pos }) => {
    if (!('class' in node.attrs)) return null;
    const attrs = { ...node.attrs, class: look.class || null, ...('style' in node.attrs ? { style: look.style || null } : {}) };
    return selectAt(state.tr.setNodeMarkup(pos, undefined, attrs), pos);
  });
}

/** The first picture inside the block (the hero's, a text-and-image block's), or null. */
export function blockImage(block: CurrentBlock): { pos: number; src: string; alt: string } | null {
  let found: { pos: number; src: string; alt: string } | null = null;
  block.node.descendants((child, offset) => {
    if (found) return false;
    if (child.type.name === 'image') found = { pos: block.pos + 1 + offset, src: String(child.attrs.src ?? ''), alt: String(child.attrs.alt ?? '') };
    return !found;
  });
  return found;
}

/** Replaces the block's first picture (its size attributes go: the new one has its own proportions). */
export function setBlockImage(editor: Editor, src: string, alt: string): boolean {
  return run(editor, (state, block) => {
    const image = blockImage(block);
    if (!image) return null;
    const node = state.doc.nodeAt(image.pos);
    if (!node) return null;
    const tr = state.tr.setNodeMarkup(image.pos, undefined, { ...node.attrs, src, alt, width: null, height: null });
    return selectAt(tr, block.pos);
  });
}
