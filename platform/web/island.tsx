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

/** Declares an island (the default export of a file listed in its module's `web.islands`); named `<module>.<widget>`. */
export function defineIsland<P extends object>(name: string, component: ComponentType<P>): Island<P> {
  if (!NAME.test(name)) throw new Error(`Island name '${name}' must look like 'module.widget_name'`);
  const island = (props: P) =>
    createElement('div', { 'data-island': name, 'data-props': JSON.stringify(props), className: 'island' },
      createElement(component, props));
  return Object.assign(island, { islandName: name, component });
}

export function isIsland(value: unknown): value is Island<object> {
  return typeof value === 'function' && typeof (value as Partial<Island<object>>).islandName === 'string';
}
