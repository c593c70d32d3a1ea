import { parseDocument } from 'htmlparser2';
import render from 'dom-serializer';
import { type ChildNode, type Element, isTag, isText } from 'domhandler';

/*
 * A page's layout (its HTML arch) is stored once; its texts are translated by term, as the original
 * platform's `xml_translate` does: a term is a run of text and inline markup inside a block (a
 * paragraph, a heading, a button's label), or the value of a translatable attribute (alt, title,
 * placeholder, aria-label). Translations are keyed by their source term, so a new or changed text has
 * none and shows in the main language until it is translated, and the arch's structure (blocks,
 * images, classes) is the same in every language.
 */

/** Elements that stay inside a term (their markup is part of the text, like `<b>` in a sentence). */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);
const ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label'];
/** Contents never translated (code samples, scripts, the options of dynamic blocks are attributes anyway). */
const OPAQUE = new Set(['script', 'style', 'pre', 'code']);
const HAS_LETTER = /\p{L}/u;

const SERIALIZE = { encodeEntities: 'utf8' as const, selfClosingTags: false };

function parse(html: string): ChildNode[] {
  return parseDocument(html, { decodeEntities: true }).children;
}

function html(nodes: ChildNode[]): string {
  return render(nodes, SERIALIZE);
}

/** An element that can sit inside a term: inline, and everything in it inline too. */
function inlineOnly(node: ChildNode): boolean {
  if (isText(node)) return true;
  if (!isTag(node)) return true; // comments ride along
  return INLINE.has(node.name) && node.children.every(inlineOnly);
}

interface Visitor {
  /** A run of nodes forming one term (trimmed source); returns the nodes to put in its place, or undefined. */
  term(source: string, run: ChildNode[]): ChildNode[] | undefined;
  /** A translatable attribute's value; returns its translation, or undefined. */
  attribute(source: string): string | undefined;
}

function visitAttributes(el: Element, v: Visitor): void {
  for (const name of ATTRIBUTES) {
    const value = el.attribs[name];
    if (value && HAS_LETTER.test(value)) {
      const translated = v.attribute(value.trim());
      if (translated !== undefined) el.attribs[name] = translated;
    }
  }
}

/** Walks the children of a node, grouping runs of text and inline elements into terms. */
function visitChildren(parent: { children: ChildNode[] }, v: Visitor): void {
  const out: ChildNode[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    if (!run.length) return;
    const elements = run.filter(isTag);
    const text = run.filter(isText).map((t) => t.data).join('');
    if (elements.length === 1 && !text.trim()) {
      // One element alone (a button's `<a>`): its attributes stay in the arch, its text is the term.
      visitElement(elements[0], v);
      out.push(...run);
    } else {
      const full = html(run);
      const source = full.trim();
      const replaced = HAS_LETTER.test(source) ? v.term(source, run) : undefined;
      if (replaced) {
        // The whitespace around the term belongs to the layout.
        const lead = /^\s*/.exec(full)?.[0] ?? '';
        const trail = /\s*$/.exec(full)?.[0] ?? '';
        out.push(...parse(lead), ...replaced, ...parse(trail));
      } else {
        for (const el of elements) visitAttributesDeep(el, v);
        out.push(...run);
      }
    }
    run = [];
  };
  for (const child of parent.children) {
    if (inlineOnly(child)) {
      run.push(child);
      continue;
    }
    flush();
    if (isTag(child)) visitElement(child, v);
    out.push(child);
  }
  flush();
  parent.children = out;
  for (const child of out) (child as { parent: unknown }).parent = parent;
}

/** Attributes of inline elements kept inside a term that was not replaced (an image's alt in a link, say). */
function visitAttributesDeep(el: Element, v: Visitor): void {
  visitAttributes(el, v);
  for (const c of el.children) if (isTag(c)) visitAttributesDeep(c, v);
}

function visitElement(el: Element, v: Visitor): void {
  visitAttributes(el, v);
  if (OPAQUE.has(el.name)) return;
  visitChildren(el, v);
}

function walk(arch: string, v: Visitor): string {
  const root = { children: parse(arch) };
  visitChildren(root, v);
  return html(root.children);
}

/** The translatable terms of an arch, in document order, each once. */
export function extractTerms(arch: string): string[] {
  const terms = new Set<string>();
  walk(arch, {
    term: (source) => { terms.add(source); return undefined; },
    attribute: (source) => { terms.add(source); return undefined; },
  });
  return [...terms];
}

/**
 * The arch with each term that has a translation replaced by it (translations are HTML, cleaned when
 * saved); terms without one keep the source text.
 */
export function translateArch(arch: string, translations: ReadonlyMap<string, string>): string {
  if (!translations.size) return arch;
  return walk(arch, {
    term: (source) => {
      const value = translations.get(source);
      return value === undefined ? undefined : parse(value);
    },
    // An attribute's translation is plain text (the serializer escapes it).
    attribute: (source) => {
      const value = translations.get(source);
      return value === undefined ? undefined : parse(value).map((n) => (isText(n) ? n.data : '')).join('') || value;
    },
  });
}

/**
 * Pairs the terms of a source arch with those of a copy translated by hand (a page stored once per
 * language before terms existed): by position when both have the same terms' count, else none (a
 * copy whose layout drifted from the source cannot be matched safely; it is reported, not guessed).
 */
export function pairTerms(sourceArch: string, translatedArch: string): Array<[string, string]> | undefined {
  const source = extractTerms(sourceArch);
  const translated = extractTerms(translatedArch);
  // extractTerms keeps each term once; a repeated source term pairs with its first translation.
  if (source.length !== translated.length) return undefined;
  return source.map((s, i) => [s, translated[i]] as [string, string]).filter(([s, t]) => s !== t);
}
