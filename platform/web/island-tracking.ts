import { observeIslands, type RenderedIsland } from './island';

export type { RenderedIsland };

/**
 * Runs a synchronous render (`renderToString`) and returns its HTML with the islands it wrote, as the
 * islands themselves report them (island.tsx) rather than by scanning the HTML. The islands are also
 * told to the render this one runs inside, if any (a fragment rendered while a page renders), so nested
 * renders add up. HTML rendered earlier and inserted as a string (a cached fragment) holds islands no
 * render reports: whoever inserts it reports them with `reportIslands`.
 */
export function renderTracked(render: () => string): { html: string; islands: RenderedIsland[] } {
  const islands: RenderedIsland[] = [];
  const outer = observeIslands((island) => void islands.push(island));
  let html: string;
  try {
    html = render();
  } finally {
    observeIslands(outer);
  }
  if (outer) for (const island of islands) outer(island);
  return { html, islands };
}

/** Tells the render under way (if any) of islands held by HTML it inserts as a string. */
export function reportIslands(islands: readonly RenderedIsland[]): void {
  if (!islands.length) return;
  const current = observeIslands(null);
  observeIslands(current);
  if (current) for (const island of islands) current(island);
}
