import { Extension } from '@tiptap/react';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { currentBlock, duplicateBlock, moveBlock, removeBlock } from './block-commands';

export type BlockAction = 'up' | 'down' | 'duplicate' | 'remove' | 'toolbar';

/** The keys of the block commands, as ProseMirror names them and as `aria-keyshortcuts` says them. */
export const BLOCK_SHORTCUTS: Record<BlockAction, { pm: string; aria: string; shown: string }> = {
  up: { pm: 'Alt-Shift-ArrowUp', aria: 'Alt+Shift+ArrowUp', shown: 'Alt+Shift+↑' },
  down: { pm: 'Alt-Shift-ArrowDown', aria: 'Alt+Shift+ArrowDown', shown: 'Alt+Shift+↓' },
  duplicate: { pm: 'Alt-Shift-d', aria: 'Alt+Shift+D', shown: 'Alt+Shift+D' },
  remove: { pm: 'Alt-Shift-Backspace', aria: 'Alt+Shift+Backspace', shown: 'Alt+Shift+⌫' },
  // The usual key to reach a toolbar from the content it acts on (WAI-ARIA practices).
  toolbar: { pm: 'Alt-F10', aria: 'Alt+F10', shown: 'Alt+F10' },
};

const key = new PluginKey('websiteBlockSelection');

/**
 * Marks the block holding the selection (`block-selected`: outlined while editing) and binds the
 * block commands to keys; `done` hears what was done, so the page can announce it.
 */
export function blockSelection(done: (action: BlockAction, ok: boolean) => void) {
  return Extension.create({
    name: 'websiteBlockSelection',
    addKeyboardShortcuts() {
      const bind = (action: BlockAction, command: () => boolean) => [BLOCK_SHORTCUTS[action].pm, () => {
        const ok = command();
        done(action, ok);
        return true;
      }] as const;
      return Object.fromEntries([
        bind('up', () => moveBlock(this.editor, 'up')),
        bind('down', () => moveBlock(this.editor, 'down')),
        bind('duplicate', () => duplicateBlock(this.editor)),
        bind('remove', () => removeBlock(this.editor)),
        bind('toolbar', () => true),
      ]);
    },
    addProseMirrorPlugins() {
      return [new Plugin({
        key,
        props: {
          decorations(state) {
            const block = currentBlock(state);
            if (!block || block.node.isTextblock) return DecorationSet.empty;
            return DecorationSet.create(state.doc, [Decoration.node(block.pos, block.pos + block.node.nodeSize, { class: 'block-selected' })]);
          },
        },
      })];
    },
  });
}
