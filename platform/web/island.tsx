import { createElement, type ComponentType, type ReactElement } from 'react';

/**
 * An island: a React component rendered on the server inside a marker element and hydrated in the
 * browser by the client runtime. The marker carries the island's name and its props as JSON, so the
 * browser renders exactly what the server rendered and then takes over.
 */
export interface Island<P> {
  (props: P): ReactElement;
  islandName: string;
  component: ComponentType<P>;
}

const NAME = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/** An island a render wrote: its name and its props as JSON (the `data-props` of its marker, unescaped). */
export interface RenderedIsland {
  readonly name: string;
  readonly props: string;
  /** The strings of its props, once read (the server's IslandStrings: a cached fragment's islands come back). */
  strings?: string[];
}

/** Told of every island rendered; see `observeIslands`. */
export type IslandObserver = (island: RenderedIsland) => void;

let observer: IslandObserver | null = null;

/**
 * Sets who is told of the islands rendered from now on and returns the one it replaces (to put back).
 * The server's page renderer sets one around each synchronous render, so it knows whether a page holds
 * islands, and which, from the render itself (island-tracking.ts); the browser sets none.
 */
export function observeIslands(next: IslandObserver | null): IslandObserver | null {
  const previous = observer;
  observer = next;
  return previous;
}

/** Declares an island (the default export of a file listed in its module's `web.islands`); named `<module>.<widget>`. */
export function defineIsland<P extends object>(name: string, component: ComponentType<P>): Island<P> {
  if (!NAME.test(name)) throw new Error(`Island name '${name}' must look like 'module.widget_name'`);
  const island = (props: P) => {
    const json = JSON.stringify(props);
    observer?.({ name, props: json });
    return createElement('div', { 'data-island': name, 'data-props': json, className: 'island' }, createElement(component, props));
  };
  return Object.assign(island, { islandName: name, component });
}

export function isIsland(value: unknown): value is Island<object> {
  return typeof value === 'function' && typeof (value as Partial<Island<object>>).islandName === 'string';
}
