import { Node } from '@tiptap/react';
import { BLOCK_OPTIONS_EVENT, type BlockOptionsRequest, DYNAMIC_BLOCK_ATTRIBUTE } from '../blocks/block-catalog';

/** The attributes a placeholder keeps: its `data-*` options and its classes. */
function keptAttributes(el: HTMLElement): Record<string, string> {
  return Object.fromEntries([...el.attributes].filter((a) => a.name.startsWith('data-') || a.name === 'class').map((a) => [a.name, a.value]));
}

/**
 * A dynamic block placeholder (`<section data-dynamic-block="website.latest_pages" data-limit="3">`)
 * as one atomic node: the server fills it when the page is shown, so the editor moves or deletes it
 * whole and writes it back with every attribute, never its (absent) content.
 */
export function dynamicBlockNode(labels: Record<string, string>, describe: (name: string) => string, configurable: ReadonlySet<string> = new Set(), optionsLabel = 'Options') {
  return Node.create({
    name: 'dynamicBlock',
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes() {
      return { attributes: { default: {}, parseHTML: keptAttributes, renderHTML: (a: Record<string, unknown>) => a.attributes as Record<string, string> } };
    },
    parseHTML() {
      return [{ tag: `section[${DYNAMIC_BLOCK_ATTRIBUTE}]`, priority: 60 }, { tag: `div[${DYNAMIC_BLOCK_ATTRIBUTE}]`, priority: 60 }];
    },
    renderHTML({ HTMLAttributes }) {
      return ['section', HTMLAttributes];
    },
    addNodeView() {
      return ({ node, editor, getPos }) => {
        const dom = document.createElement('section');
        const attrs = node.attrs.attributes as Record<string, string>;
        for (const [k, v] of Object.entries(attrs)) dom.setAttribute(k, v);
        dom.classList.add('dynamic-block-placeholder');
        dom.contentEditable = 'false';
        const id = attrs[DYNAMIC_BLOCK_ATTRIBUTE] ?? '';
        dom.textContent = describe(labels[id] ?? id);
        if (configurable.has(id)) {
          // Its module's island sets the options; the answer replaces the placeholder's attributes.
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'btn btn-sm btn-outline-primary ms-2 dynamic-block-options';
          button.textContent = optionsLabel;
          button.addEventListener('click', () => {
            const detail: BlockOptionsRequest = {
              block: id, attributes: { ...attrs },
              apply: (next) => {
                const pos = typeof getPos === 'function' ? getPos() : undefined;
                if (pos === undefined) return;
                editor.view.dispatch(editor.view.state.tr.setNodeMarkup(pos, undefined, { attributes: { ...next, [DYNAMIC_BLOCK_ATTRIBUTE]: id } }));
              },
            };
            window.dispatchEvent(new CustomEvent(BLOCK_OPTIONS_EVENT, { detail }));
          });
          dom.append(button);
        }
        return { dom };
      };
    },
  });
}
