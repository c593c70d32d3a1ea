import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { useT } from '@platform/web/client';
import { DYNAMIC_BLOCK_ATTRIBUTE } from '../blocks/block-catalog';
import type { EditorBlock } from './block-dialog';
import { blockImage, currentBlock, duplicateBlock, moveBlock, removeBlock, type CurrentBlock } from './block-commands';
import { BLOCK_SHORTCUTS, type BlockAction } from './block-selection';

/** What a block is called on the toolbar: its name in the theme's catalog, else what kind of node it is. */
export function blockName(block: CurrentBlock, blocks: EditorBlock[]): string {
  const { node } = block;
  if (node.type.name === 'dynamicBlock') {
    const id = (node.attrs.attributes as Record<string, string>)[DYNAMIC_BLOCK_ATTRIBUTE];
    return blocks.find((b) => b.id === id)?.name ?? id ?? 'Block';
  }
  if (node.type.name === 'structureContainer') {
    const classes = String(node.attrs.class ?? '').split(/\s+/);
    // A catalog block is known by the first class of its root element (`block-features`, `site-hero`).
    const match = blocks.find((b) => {
      const root = /^<section class="([\w-]+)/.exec(b.html)?.[1];
      return root && classes.includes(root);
    });
    return match?.name ?? 'Section';
  }
  const kinds: Record<string, string> = { paragraph: 'Paragraph', heading: 'Heading', bulletList: 'List', orderedList: 'List', image: 'Image', blockquote: 'Quote' };
  return kinds[node.type.name] ?? 'Block';
}

/** Whether the block takes options (background, alignment, picture): the theme's sections do. */
export function isConfigurable(block: CurrentBlock | null): boolean {
  return block?.node.type.name === 'structureContainer';
}

interface BlockToolbarProps {
  editor: Editor;
  blocks: EditorBlock[];
  onOptions: () => void;
  /** Focus this toolbar (Alt+F10 in the text): its value changes each time. */
  focusRequest: number;
  /** Something done from the keyboard in the text, to announce. */
  announce: { action: BlockAction; ok: boolean; at: number } | null;
}

/**
 * The selected block's toolbar: move up and down, duplicate, remove and options, each with its key
 * (shown, and in `aria-keyshortcuts`); what is done is announced in a live region. Arrow keys move
 * between its buttons, Escape goes back to the text.
 */
export function BlockToolbar({ editor, blocks, onOptions, focusRequest, announce }: BlockToolbarProps) {
  const _t = useT();
  const [, rerender] = useState(0);
  const [status, setStatus] = useState('');
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const update = () => rerender((n) => n + 1);
    editor.on('transaction', update);
    return () => void editor.off('transaction', update);
  }, [editor]);
  useEffect(() => {
    if (focusRequest) bar.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [focusRequest]);

  const block = currentBlock(editor.state);
  const name = block ? _t(blockName(block, blocks)) : '';
  const said = (action: BlockAction, ok: boolean) => {
    if (!ok) return _t('This block cannot go further.');
    const messages: Record<BlockAction, string> = {
      up: _t('%s moved up.'), down: _t('%s moved down.'), duplicate: _t('%s duplicated.'), remove: _t('%s removed.'), toolbar: '',
    };
    return messages[action].replace('%s', name);
  };
  useEffect(() => {
    if (announce && announce.action !== 'toolbar') setStatus(said(announce.action, announce.ok));
    // Only a new announcement (its time) speaks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [announce?.at]);

  if (!block) return null;
  // The message names the block as it was before the command (it may be gone after).
  const act = (action: BlockAction, command: () => boolean) => setStatus(said(action, command()));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      editor.commands.focus();
    } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && at >= 0) {
      e.preventDefault();
      buttons[(at + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    }
  };
  const tool = (action: Exclude<BlockAction, 'toolbar'>, label: string, symbol: string, disabled: boolean, command: () => boolean) => {
    const keys = BLOCK_SHORTCUTS[action];
    return (
      <button type="button" className={`btn btn-sm ${action === 'remove' ? 'btn-outline-danger' : 'btn-outline-secondary'} block-${action}`}
        disabled={disabled} aria-keyshortcuts={keys.aria} title={`${label} (${keys.shown})`} onClick={() => act(action, command)}>
        <span aria-hidden="true">{symbol}</span> {label}
      </button>
    );
  };
  const image = blockImage(block);
  return (
    <div className="block-toolbar w-100">
      <div ref={bar} className="d-flex flex-wrap align-items-center gap-1" role="toolbar" aria-label={_t('Block: %s').replace('%s', name)}
        aria-describedby="block-toolbar-keys" onKeyDown={onKeyDown}>
        <span className="block-toolbar-name badge text-bg-secondary">{name}</span>
        {tool('up', _t('Move up'), '↑', block.index === 0, () => moveBlock(editor, 'up'))}
        {tool('down', _t('Move down'), '↓', block.index >= block.count - 1, () => moveBlock(editor, 'down'))}
        {tool('duplicate', _t('Duplicate'), '⊕', false, () => duplicateBlock(editor))}
        {tool('remove', _t('Remove'), '✕', false, () => removeBlock(editor))}
        {isConfigurable(block) ? (
          <button type="button" className="btn btn-sm btn-outline-primary block-options" onClick={onOptions} aria-haspopup="dialog">
            {image ? _t('Options and picture') : _t('Options')}
          </button>
        ) : null}
      </div>
      <p id="block-toolbar-keys" className="visually-hidden">
        {_t('Keys in the text: %s to reach this toolbar, Escape to go back.').replace('%s', BLOCK_SHORTCUTS.toolbar.shown)}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">{status}</p>
    </div>
  );
}
