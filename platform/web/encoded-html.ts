import crypto from 'node:crypto';

/**
 * HTML kept already encoded (UTF-8), e.g. a cached fragment of a long page: placed into a page by a
 * mark while the page renders, and copied into the page's bytes when it is sent, rather than
 * concatenated into the page's string and encoded again with it on every request.
 */
export interface EncodedHtml {
  readonly parts: readonly Buffer[];
  /** Written between each two parts (a request's CSRF token in a cached post's forms). */
  readonly between: string;
}

/** Stands for a piece until the page is assembled: a comment no content can hold (random per process). */
const MARK = `<!--encoded-${crypto.randomBytes(12).toString('hex')}-`;
const MARK_END = '-->';

let placing: EncodedHtml[] | null = null;

/** Runs a synchronous render (`renderToString`) in which `placeEncoded` puts its pieces into `into`. */
export function renderPlacingEncoded<T>(into: EncodedHtml[], render: () => T): T {
  const outer = placing;
  placing = into;
  try {
    return render();
  } finally {
    placing = outer;
  }
}

/**
 * The mark that stands for `html` in the page under render, to be inserted as raw HTML
 * (`dangerouslySetInnerHTML`); null outside such a render: the caller inserts the HTML itself.
 */
export function placeEncoded(html: EncodedHtml): string | null {
  if (!placing) return null;
  placing.push(html);
  return `${MARK}${placing.length - 1}${MARK_END}`;
}

/** The HTML of a piece, as a string (for a page given as a string). */
export function decodeEncoded(html: EncodedHtml): string {
  return html.parts.map((p) => p.toString()).join(html.between);
}

/** A rendered page's bytes: its HTML, each mark replaced by its piece. */
export function assembleEncoded(page: string, placed: readonly EncodedHtml[]): Buffer {
  if (!placed.length) return Buffer.from(page);
  const segments: string[] = [];
  const pieces: EncodedHtml[] = [];
  let at = 0;
  for (let start = page.indexOf(MARK); start >= 0; start = page.indexOf(MARK, at)) {
    const end = page.indexOf(MARK_END, start + MARK.length);
    const piece = placed[Number(page.slice(start + MARK.length, end))];
    if (end < 0 || !piece) throw new Error('A mark of encoded HTML is broken');
    segments.push(page.slice(at, start));
    pieces.push(piece);
    at = end + MARK_END.length;
  }
  segments.push(page.slice(at));
  let total = 0;
  for (const s of segments) total += Buffer.byteLength(s);
  for (const p of pieces) {
    for (const b of p.parts) total += b.length;
    total += (p.parts.length - 1) * Buffer.byteLength(p.between);
  }
  // Written once, in place: no intermediate string of the whole page, no copy of the pieces' strings.
  const out = Buffer.allocUnsafe(total);
  let offset = 0;
  for (let i = 0; i < segments.length; i++) {
    offset += out.write(segments[i], offset);
    const piece = pieces[i];
    if (!piece) continue;
    for (let j = 0; j < piece.parts.length; j++) {
      if (j > 0) offset += out.write(piece.between, offset);
      offset += piece.parts[j].copy(out, offset);
    }
  }
  if (offset !== total) throw new Error('Encoded HTML was not assembled whole');
  return out;
}
