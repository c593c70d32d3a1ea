import { Extension, Mark, Node } from '@tiptap/react';

/** Elements kept as containers of blocks (a theme block's section, row, columns, cards). */
const CONTAINER_TAGS = ['section', 'div', 'article', 'header', 'footer', 'aside', 'figure', 'figcaption'];

/** The node types whose `class` survives editing (Bootstrap's `lead`, `display-4`, `img-fluid`...). */
const CLASSED_TYPES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'image', 'horizontalRule'];

const classAttribute = {
  default: null,
  parseHTML: (el: HTMLElement) => el.getAttribute('class'),
  renderHTML: (attrs: Record<string, unknown>) => (attrs.class ? { class: attrs.class } : {}),
};

/**
 * A rich-text schema drops every element it does not know: a theme block (`<section class="container
 * py-5"><div class="row">...`) would come back as bare paragraphs. This container keeps such an element
 * with its tag, class and id around the blocks inside it.
 */
export const StructureContainer = Node.create({
  name: 'structureContainer',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      tag: { default: 'div', parseHTML: (el: HTMLElement) => el.tagName.toLowerCase(), renderHTML: () => ({}) },
      class: classAttribute,
      id: { default: null, parseHTML: (el: HTMLElement) => el.getAttribute('id'), renderHTML: (a: Record<string, unknown>) => (a.id ? { id: a.id } : {}) },
      // A block's options (a background picture, say); the server's sanitiser decides which styles stay.
      style: { default: null, parseHTML: (el: HTMLElement) => el.getAttribute('style'), renderHTML: (a: Record<string, unknown>) => (a.style ? { style: a.style } : {}) },
    };
  },
  // Below the default priority (50): more specific nodes (e.g. dynamic block placeholders) win.
  parseHTML() {
    return CONTAINER_TAGS.map((tag) => ({ tag, priority: 40 }));
  },
  renderHTML({ node, HTMLAttributes }) {
    const tag = CONTAINER_TAGS.includes(String(node.attrs.tag)) ? String(node.attrs.tag) : 'div';
    return [tag, HTMLAttributes, 0];
  },
});

/** `class` kept on paragraphs, headings, lists and images. */
export const ClassAttributes = Extension.create({
  name: 'classAttributes',
  addGlobalAttributes() {
    return [{ types: CLASSED_TYPES, attributes: { class: classAttribute } }];
  },
});

/** `<span class="badge text-bg-primary">`: a span with classes stays one. */
export const StyledSpan = Mark.create({
  name: 'styledSpan',
  addAttributes() {
    return { class: classAttribute };
  },
  parseHTML() {
    return [{ tag: 'span[class]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});
